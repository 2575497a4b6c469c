import { formatCents } from '../../../../shared/money';

/** "$129", or "From $229" for work that varies. */
export function priceText({ priceCents, priceIsFrom }: { priceCents: number; priceIsFrom: boolean }): string {
  return priceIsFrom ? `From ${formatCents(priceCents)}` : formatCents(priceCents);
}
