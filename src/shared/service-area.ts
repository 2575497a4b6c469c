/**
 * The service area check shared by /book (as the address is typed) and POST /api/bookings
 * (before any hold or payment), so both say the same thing.
 */

/**
 * The 5-digit ZIP at the end of an address ("…, Santa Monica, CA 90401", "… 90401-1234, USA"),
 * or null when the address ends without one: a house number at the start is no ZIP.
 */
export function zipOf(address: string): string | null {
  const match = /(?:^|[\s,])(\d{5})(?:-\d{4})?\s*(?:,?\s*(?:USA|US|U\.S\.A?\.?|United States))?\s*\.?\s*$/i.exec(address.trim());
  return match ? match[1] : null;
}

export function outOfAreaMessage(zip: string, phone: string): string {
  return `Sorry, we don't serve ${zip} yet. Call us at ${phone} and we'll see what we can do.`;
}

/**
 * `{ ok: true, checked: true }` inside the area, `{ ok: true, checked: false }` for an address
 * without a ZIP (accepted, shown to the owner as "area not checked"), or the message for a ZIP
 * outside the list.
 */
export function checkServiceArea(address: string, area: { serviceZips: readonly string[]; phone: string }): { ok: true; checked: boolean } | { ok: false; zip: string; message: string } {
  const zip = zipOf(address);
  if (!zip) return { ok: true, checked: false };
  if (area.serviceZips.includes(zip)) return { ok: true, checked: true };
  return { ok: false, zip, message: outOfAreaMessage(zip, area.phone) };
}
