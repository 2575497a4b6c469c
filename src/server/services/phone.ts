/**
 * A US phone number as typed on /book ("(310) 555-0123", "310.555.0123", "+1 310 555 0123") in
 * E.164 form (+13105550123), or null when it is not a dialable US number: texts go only to
 * numbers of the North American plan, whose area code and exchange never start with 0 or 1.
 */
export function toUsE164(phone: string): string | null {
  const trimmed = phone.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  // "+" must be followed by the country code 1; without it, an 11-digit number must start with 1.
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : trimmed.startsWith('+') || digits.length !== 10 ? null : digits;
  if (!national || !/^[2-9]\d{2}[2-9]\d{6}$/.test(national)) return null;
  return `+1${national}`;
}
