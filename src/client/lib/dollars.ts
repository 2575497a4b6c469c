import { z } from 'zod';
import { MAX_PRICE_CENTS } from '../../shared/schemas/admin-content';

/**
 * Prices as the owner types them, in dollars ("89", "89.50", "$129"), for the shared schemas'
 * whole cents. The shared schemas' messages speak of cents, so a dollars box has its own.
 */

export const PRICE_DOLLARS_MESSAGE = `Enter a price in dollars from 0 to ${MAX_PRICE_CENTS / 100}, such as 89 or 89.50`;

/** "89", "89.5", "$89.50" → 8950 cents; null when it is not a price in dollars. */
export function parseDollars(text: string): number | null {
  const match = /^\$?\s*(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= MAX_PRICE_CENTS ? cents : null;
}

/** 8950 → "89.50", 8900 → "89": a price as its box shows it. */
export function dollarsText(cents: number): string {
  return (cents / 100).toFixed(cents % 100 === 0 ? 0 : 2);
}

/** A dollars box, read as whole cents (PRICE_DOLLARS_MESSAGE when it is not a price). */
export const dollarsField = z.string().transform((text, ctx) => {
  const cents = parseDollars(text);
  if (cents === null) ctx.addIssue({ code: 'custom', message: PRICE_DOLLARS_MESSAGE });
  return cents ?? z.NEVER;
});
