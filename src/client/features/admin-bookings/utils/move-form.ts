import { z } from 'zod';
import { moveBookingSchema } from '../../../../shared/schemas/admin';

/**
 * The move dialog's date and time, checked by the shared schema once both are chosen. The time
 * box is disabled (no value) while a day has no times.
 */
export const moveFormSchema = z
  .object({ date: z.string().optional(), time: z.string().optional() })
  .refine((v) => Boolean(v.date) && Boolean(v.time), { message: 'Please select both a date and time', path: ['time'] })
  .pipe(moveBookingSchema);
