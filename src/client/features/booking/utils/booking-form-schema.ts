import { z } from 'zod';
import { bookingContactShape, bookingTimeSchema, serviceTypeSchema } from '../../../../shared/schemas/booking';

/**
 * The booking form's values: the API payload's rules, except that the date is a Date picked on
 * the calendar (sent as yyyy-MM-dd) and the amounts are added at submit.
 */
export const bookingFormSchema = z.object({
  serviceType: serviceTypeSchema,
  bookingDate: z.date({ error: 'Please select a date' }),
  bookingTime: bookingTimeSchema,
  ...bookingContactShape,
  /** "Text me reminders and updates", shown only when the site sends texts. */
  smsOptIn: z.boolean().optional(),
});

export type BookingFormInput = z.input<typeof bookingFormSchema>;
export type BookingFormValues = z.output<typeof bookingFormSchema>;
