import { parsePhoneNumberFromString, type NumberType } from 'libphonenumber-js/max';

/**
 * Numbers a text costs the business more than a US text to, or goes to no one's phone. The full
 * ("max") metadata tells the types apart; it is server-only, so its size reaches no browser.
 */
const UNTEXTABLE_TYPES: ReadonlySet<NumberType> = new Set<NumberType>(['PREMIUM_RATE', 'SHARED_COST']);

/**
 * A US phone number as typed on /book ("(310) 555-0123", "310.555.0123", "+1 310 555 0123") in
 * E.164 form (+13105550123), or null when texts may not go to it: not a valid number of the US
 * itself (+1 also dials Canada and the Caribbean, e.g. 876 Jamaica, 809 the Dominican Republic,
 * billed as international), premium-rate (900) or shared-cost, or typed with an extension.
 */
export function toUsE164(phone: string): string | null {
  const trimmed = phone.trim();
  // Digits and the usual separators only: no letters (vanity numbers) and no "ext".
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const parsed = parsePhoneNumberFromString(trimmed, 'US');
  if (!parsed || parsed.country !== 'US' || !parsed.isValid() || parsed.ext) return null;
  const type = parsed.getType();
  if (!type || UNTEXTABLE_TYPES.has(type)) return null;
  return parsed.number;
}
