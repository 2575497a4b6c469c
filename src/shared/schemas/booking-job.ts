import { z } from 'zod';
import { quoteLineSchema, type PricedLine, type QuoteLine } from './price-list';

/**
 * What the answers about a booking say of a job picked from the price list (decision 0018): its
 * lines as they were priced (each item, then its add-ons; names and amounts as they were then)
 * and their total in US cents. Both fields are there exactly when the job has lines; a job booked
 * as a whole (the service alone, as every booking before the price list) has neither, so its
 * answers are as they always were.
 */
export const bookingJobShape = {
  lines: quoteLineSchema.array().optional(),
  /** The sum of the lines' amounts in cents. */
  totalCents: z.number().optional(),
};

/** The owner's answers also say, with the lines, whether the job needs a crew of two. */
export const adminBookingJobShape = {
  ...bookingJobShape,
  twoPeople: z.boolean().optional(),
};

interface StoredJob {
  lines: PricedLine[];
  totalCents: number | null;
}

/**
 * A booking's `lines` and `totalCents` as its answers carry them: both, or neither for a job
 * without lines. The lines as priced, without the item ids they keep for the real times.
 */
export function pricedJobFields(b: StoredJob): { lines?: QuoteLine[]; totalCents?: number } {
  return b.lines.length ? { lines: b.lines.map(({ itemId: _itemId, ...line }) => line), totalCents: b.totalCents ?? 0 } : {};
}

/** As pricedJobFields, with the job's crew need, for the owner's answers. */
export function adminPricedJobFields(b: StoredJob & { twoPeople: boolean }): { lines?: QuoteLine[]; totalCents?: number; twoPeople?: boolean } {
  return b.lines.length ? { ...pricedJobFields(b), twoPeople: b.twoPeople } : {};
}
