import { z } from 'zod';

/** The demo card form: the server's demo-confirm rules without the client secret. */
export const demoCardSchema = z.object({
  cardNumber: z.string().trim().min(1, 'Your card number is incomplete.').max(30),
  expiry: z.string().trim().min(1, "Your card's expiration date is incomplete.").max(10),
  cvc: z.string().trim().min(3, "Your card's security code is incomplete.").max(4, "Your card's security code is invalid."),
  postalCode: z.string().trim().max(10),
});
export type DemoCardValues = z.infer<typeof demoCardSchema>;

/** "4242424242424242" -> "4242 4242 4242 4242" while typing. */
export function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1230" -> "12 / 30" while typing, the format the payment form expects. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}
