import { z } from 'zod';
import { bookingContactShape } from '../../../../shared/schemas/booking';
import { textField } from '../../../../shared/schemas/fields';

/** The text fields of an estimate request (the photos are checked apart, see photos.ts). */
export const estimateFormSchema = z.object({
  description: textField(10, 5000, { required: 'Tell us what needs doing (at least 10 characters)', long: 'The description is too long (5000 characters at most)' }),
  address: bookingContactShape.address,
  fullName: bookingContactShape.fullName,
  email: bookingContactShape.email,
  phone: bookingContactShape.phone,
  preferredDays: z.string().trim().max(200, 'Preferred days are too long (200 characters at most)').optional(),
});
export type EstimateFormValues = z.infer<typeof estimateFormSchema>;
