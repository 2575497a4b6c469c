import { timingSafeEqual } from 'node:crypto';
import { todayInZone } from '../../../shared/business-time';
import { bookedJobMinutes } from '../../../shared/job-length';
import { QUOTE_LINK_INVALID_MESSAGE } from '../../../shared/schemas/booking';
import { QUOTE_TOKEN, type PublicQuote } from '../../../shared/schemas/estimates';
import type { QuoteLine } from '../../../shared/schemas/price-list';
import type { Db, DbOrTx } from '../../db/client';
import { ConflictError, NotFoundError } from '../../errors';
import { hashToken, newToken } from '../../accounts';
import { lockEstimate, markEstimateDeclined, moveEstimates, setEstimateStatus } from '../repositories/estimates';
import {
  expireQuotes,
  findQuote,
  findQuoteLink,
  insertQuoteLink,
  lockQuote,
  lockRequestsToSettle,
  markQuoteBooked,
  markQuoteDeclined,
  reopenLapsedQuotes,
  type QuoteRow,
} from '../repositories/quotes';

/**
 * The customer's side of a quote, through its private link (/quote/{token}): read it, decline it,
 * or book it (POST /api/bookings with `quoteToken`). Tokens as the manage links (decision 0013):
 * 32 random bytes, only the SHA-256 stored, one per email or text that carries one; a token of the
 * wrong shape, an unknown one and one whose quote expired, was declined, withdrawn or booked all
 * get the same 404 body.
 */

export const QUOTE_USED_MESSAGE = 'This quote has already been booked. To change that booking, use the link in its confirmation email or call us.';
export const QUOTE_DECLINED_MESSAGE = "Thanks for letting us know. We won't book this work; you can always ask us for a new estimate.";

export interface QuoteClock {
  db: Db;
  now: Date;
  timeZone: string;
}

const linkInvalid = () => new NotFoundError(QUOTE_LINK_INVALID_MESSAGE);

/**
 * Brings stored statuses up to date, before anyone reads them: an open quote past its last day is
 * expired, and a booked one whose booking's hold ran out unpaid is open again (or expired); the
 * request follows its quote. Expiry is settled when read, so no job is needed and no reader sees a
 * quote that the clock has overtaken (decision 0020). Only quote `only.quoteId` when given (a
 * customer's link: the caller holds its request's lock); else every quote, for the owner's
 * reads, their requests locked first (lockRequestsToSettle).
 */
export async function settleQuotes(tx: DbOrTx, p: { now: Date; timeZone: string }, onlyQuoteId?: number): Promise<void> {
  const today = todayInZone(p.now, p.timeZone);
  if (onlyQuoteId === undefined) await lockRequestsToSettle(tx, today);
  await moveEstimates(tx, await expireQuotes(tx, today, onlyQuoteId), 'quoted', 'expired', p.now);
  const reopened = await reopenLapsedQuotes(tx, today, onlyQuoteId);
  for (const status of ['quoted', 'expired'] as const) {
    const ids = reopened.filter((r) => (r.status === 'open' ? 'quoted' : 'expired') === status).map((r) => r.estimateId);
    await moveEstimates(tx, ids, 'booked', status, p.now);
  }
}

/**
 * The quote a link's token opens, its status settled first; locked when `lock` (its request
 * locked before it, as in every change of a quote). Undefined for a token that opens none.
 */
async function quoteOfToken(tx: DbOrTx, token: string, p: { now: Date; timeZone: string; lock: boolean }): Promise<QuoteRow | undefined> {
  if (!QUOTE_TOKEN.test(token)) return undefined;
  const hash = Buffer.from(hashToken(token), 'hex');
  const link = await findQuoteLink(tx, hash.toString('hex'));
  // The index finds the row; the constant-time comparison is what decides.
  const stored = link ? Buffer.from(link.tokenHash, 'hex') : Buffer.alloc(hash.length);
  if (!link || stored.length !== hash.length || !timingSafeEqual(stored, hash)) return undefined;
  const found = await findQuote(tx, link.quoteId);
  if (!found) return undefined;
  await lockEstimate(tx, found.estimateId);
  await settleQuotes(tx, p, found.id);
  return p.lock ? lockQuote(tx, found.id) : findQuote(tx, found.id);
}

/**
 * GET /api/quotes/:token. The settling commits whatever the answer: a quote read after its last
 * day is stored as expired, and the link answers the one 404.
 */
export async function readQuote(deps: QuoteClock, token: string): Promise<PublicQuote> {
  const quote = await deps.db.transaction((tx) => quoteOfToken(tx, token, { ...deps, lock: false }));
  if (quote?.status !== 'open') throw linkInvalid();
  return {
    lines: quote.lines,
    totalCents: quote.totalCents,
    minutes: quote.minutes,
    twoPeople: quote.twoPeople,
    note: quote.note,
    validUntil: quote.validUntil,
    ...(quote.serviceType ? { serviceType: quote.serviceType } : {}),
  };
}

/** POST /api/quotes/:token/decline: "No thanks". The quote and its request are declined, by the customer. */
export async function declineQuote(deps: QuoteClock, token: string): Promise<{ message: string }> {
  const declined = await deps.db.transaction(async (tx) => {
    const quote = await quoteOfToken(tx, token, { ...deps, lock: true });
    if (quote?.status !== 'open') return false;
    await markQuoteDeclined(tx, quote.id, deps.now);
    await markEstimateDeclined(tx, quote.estimateId, { by: 'customer', reason: null, now: deps.now });
    return true;
  });
  if (!declined) throw linkInvalid();
  return { message: QUOTE_DECLINED_MESSAGE };
}

/** The job a booking from a quote is for: the quote's own lines, total, length and crew need. */
export interface QuotedJob {
  quoteId: number;
  /** The service of the quote's price-list lines, if any. */
  serviceType: string | null;
  /** Booked in quarter hours, as a job from the price list (shared/job-length.ts). */
  durationMinutes: number;
  twoPeople: boolean;
  lines: QuoteLine[];
  totalCents: number;
}

/**
 * In the booking's transaction: the quote the token opens, row-locked until the booking commits
 * (recordQuoteBooking marks it in the same transaction), so of two bookings from one quote, also
 * at once, the second finds it booked: 409 QUOTE_USED. Any other quote that is not open is the
 * link's 404 (its settling undone with the booking's transaction: the next read makes it again).
 */
export async function claimQuotedJob(tx: DbOrTx, token: string, p: { now: Date; timeZone: string }): Promise<QuotedJob> {
  const quote = await quoteOfToken(tx, token, { ...p, lock: true });
  if (quote?.status === 'booked') throw new ConflictError(QUOTE_USED_MESSAGE, 'QUOTE_USED');
  if (quote?.status !== 'open') throw linkInvalid();
  return {
    quoteId: quote.id,
    serviceType: quote.serviceType,
    durationMinutes: bookedJobMinutes(quote.minutes),
    twoPeople: quote.twoPeople,
    lines: quote.lines,
    totalCents: quote.totalCents,
  };
}

/** Marks the quote booked by booking `bookingId`, and its request, in the booking's transaction. */
export async function recordQuoteBooking(tx: DbOrTx, quoteId: number, bookingId: number, now: Date): Promise<void> {
  await markQuoteBooked(tx, quoteId, bookingId, now);
  const quote = await findQuote(tx, quoteId);
  if (quote) await setEstimateStatus(tx, quote.estimateId, 'booked', now);
}

/**
 * Makes a new token for quote `quoteId` (in the sender's transaction, as its email or text goes
 * out) and stores its hash; earlier links keep working. Null when the quote is no longer open
 * (declined, withdrawn, expired or booked before its message went out): the message is not sent.
 */
export async function mintQuoteToken(tx: DbOrTx, quoteId: number, now: Date): Promise<string | null> {
  const quote = await findQuote(tx, quoteId);
  if (!quote || quote.status !== 'open') return null;
  const token = newToken();
  await insertQuoteLink(tx, { tokenHash: hashToken(token), quoteId, createdAt: now });
  return token;
}
