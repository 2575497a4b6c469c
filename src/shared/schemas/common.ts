import { z } from 'zod';
import { emailField } from './fields';

// zod 4 probes `new Function` to compile faster parsers; under the site's CSP (no 'unsafe-eval')
// that probe is a reported violation in the browser. Our payloads are small: interpret them.
z.config({ jitless: true });

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date as `yyyy-MM-dd` that exists (no 2026-02-30). */
export const isoDateSchema = z
  .string({ error: 'Enter a date as yyyy-MM-dd' })
  .regex(ISO_DATE, 'Enter a date as yyyy-MM-dd')
  .refine((value) => {
    const [y, m, d] = value.split('-').map(Number);
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, 'Enter a real calendar date');

export const dateQuerySchema = z.object({ date: isoDateSchema });

export const idParamSchema = z.object({
  id: z.coerce.number({ error: 'Not found' }).int('Not found').positive('Not found').max(2_147_483_647, 'Not found'),
});

/** A time label on the hourly grid, exactly as shown to people: "9:00 AM". */
export const TIME_LABEL = /^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/;

export const emailSchema = emailField('Please enter a valid email address');

export const messageSchema = z.object({ message: z.string() });
