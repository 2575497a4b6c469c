import { bookedJobMinutes, MAX_JOB_MINUTES } from '../../../shared/job-length';
import { durationText } from '../../../shared/duration-text';
import type { QuoteChoice } from '../../../shared/quote';
import type { PricedLine } from '../../../shared/schemas/price-list';
import type { DbOrTx } from '../../db/client';
import { ValidationError } from '../../errors';
import { quoteFromPriceList } from '../../pricing';

/** The job a booking is for, as it stores it (decision 0018). */
export interface BookedJob {
  /** The length the crew is booked for. */
  durationMinutes: number;
  twoPeople: boolean;
  /** As priced now: names and amounts (and each item line's item id), kept whatever the owner does to the list later. */
  lines: PricedLine[];
  /** The lines' total in cents; null without lines. */
  totalCents: number | null;
}

export const jobTooLongMessage = (minutes: number) =>
  `This job takes about ${durationText(minutes)}, more than one visit we book online (${durationText(MAX_JOB_MINUTES)} at most). Choose fewer items, or call us to plan a longer job.`;

/**
 * The job of a new booking: the service as a whole (its own duration, any crew, no lines), or the
 * items picked from its price list, priced and timed from the list as `db` (the booking's
 * transaction) has it now, whatever amounts or lengths the client sent. The job is booked for its
 * lines' minutes rounded up to the quarter hour, the length /book asks the starts for
 * (shared/job-length.ts); a job longer than one visit is a 400 on `items`, as is any item the
 * list refuses (the quote's errors, keyed `items.0.quantity`, ...).
 */
export async function jobToBook(db: DbOrTx, service: { slug: string; durationMinutes: number }, items: readonly QuoteChoice[] | undefined): Promise<BookedJob> {
  if (!items) return { durationMinutes: service.durationMinutes, twoPeople: false, lines: [], totalCents: null };
  const quote = await quoteFromPriceList(db, service.slug, items);
  const durationMinutes = bookedJobMinutes(quote.minutes);
  if (durationMinutes > MAX_JOB_MINUTES) {
    const message = jobTooLongMessage(quote.minutes);
    throw new ValidationError(message, { items: message });
  }
  return { durationMinutes, twoPeople: quote.twoPeople, lines: quote.lines, totalCents: quote.totalCents };
}
