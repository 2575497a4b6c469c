import { zodResolver } from '@hookform/resolvers/zod';
import { bookingFormSchema } from './booking-form-schema';

/** The booking form's checks (zod), loaded by the form on its first check (use-booking-step.ts). */
export const bookingFormResolver = zodResolver(bookingFormSchema);
