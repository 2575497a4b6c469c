import { z } from 'zod';
import { MAX_PRICE_CENTS, serviceInputSchema, testimonialInputSchema } from '../../../../shared/schemas/admin-content';
import { parseDollars } from './service-format';

/** The owner types dollars; the shared schema's message speaks of cents, so the box has its own. */
export const PRICE_DOLLARS_MESSAGE = `Enter a price in dollars from 0 to ${MAX_PRICE_CENTS / 100}, such as 89 or 89.50`;

/** The service dialog's boxes (price as typed, length as chosen), turned into the shared input but its place. */
export const serviceFormSchema = serviceInputSchema.omit({ sortOrder: true }).extend({
  price: z.string().transform((text, ctx) => {
    const cents = parseDollars(text);
    if (cents === null) ctx.addIssue({ code: 'custom', message: PRICE_DOLLARS_MESSAGE });
    return cents ?? z.NEVER;
  }),
  durationMinutes: z.string().transform(Number).pipe(serviceInputSchema.shape.durationMinutes),
});

/** The testimonial dialog's boxes (the rating as chosen), turned into the shared input but its place. */
export const testimonialFormSchema = testimonialInputSchema.omit({ sortOrder: true }).extend({
  rating: z.string().transform(Number).pipe(testimonialInputSchema.shape.rating),
});
