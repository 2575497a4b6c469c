import { z } from 'zod';

// The fields the schemas share, built once here. Every message of an input field is given by the
// schema that uses it: it is written for the visitor of that form.

/** A trimmed text: `required` when it is missing or (unless `short` is given) shorter than `min`, `long` past `max`. */
export function textField(min: number, max: number, messages: { required: string; short?: string; long: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(min, messages.short ?? messages.required)
    .max(max, messages.long);
}

/** A whole number from `min` to `max`; `message` for anything else. */
export function wholeNumber(min: number, max: number, message: string) {
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

/** An email address, trimmed, of at most 254 characters; `message` for anything else. */
export function emailField(message: string) {
  return z.string({ error: message }).trim().max(254, message).email({ message });
}

/** A person's name on a booking or a message. */
export const personNameSchema = textField(2, 100, { required: 'Name is required', long: 'Name is too long' });

/** The name of an account (sign-up and profile). */
export const accountNameSchema = textField(2, 100, { required: 'Name must be at least 2 characters', long: 'Name is too long' });

/** The reCAPTCHA token a form sends; absent when reCAPTCHA is off. */
export const recaptchaTokenSchema = z.string().max(4000).optional();

/** An instant in a reply (the `…At` fields): ISO 8601 in UTC, as `Date.toISOString()` writes it. */
export const instantSchema = z.string();

/** An amount of money in a reply, in US cents (5000 is $50.00). */
export const centsSchema = z.number();
