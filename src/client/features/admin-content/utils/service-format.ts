import { MAX_PRICE_CENTS } from '../../../../shared/schemas/admin-content';

/** "$89" or "$89.50". */
export { formatCents as formatPrice } from '../../../../shared/money';

/** "89", "89.5", "$89.50" → 8950 cents; null when it is not a price in dollars. */
export function parseDollars(text: string): number | null {
  const match = /^\$?\s*(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= MAX_PRICE_CENTS ? cents : null;
}

export { durationText } from '../../../../shared/duration-text';
