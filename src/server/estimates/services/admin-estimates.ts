import { todayInZone } from '../../../shared/business-time';
import { addDays } from '../../../shared/calendar-dates';
import { durationText } from '../../../shared/duration-text';
import { bookedJobMinutes, MAX_JOB_MINUTES } from '../../../shared/job-length';
import type { AdminEstimate, AdminEstimateSummary, AdminQuote, CreateQuoteInput } from '../../../shared/schemas/estimates';
import type { QuoteLine } from '../../../shared/schemas/price-list';
import type { Db, DbOrTx } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { queueQuoteMessages } from '../../messaging';
import { priceItemsByIds, unknownItemIdMessage } from '../../pricing';
import { findEstimate, findEstimatePhoto, listEstimatePhotos, listEstimates, lockEstimate, markEstimateDeclined, setEstimateStatus, type EstimateRow } from '../repositories/estimates';
import { insertQuote, listQuotesOfEstimate, withdrawOpenQuotes, type QuoteRow } from '../repositories/quotes';
import { settleQuotes } from './quotes';

/** The owner's Requests screen: the requests, their photos, a quote for one, or a no. */

export const ESTIMATE_NOT_FOUND = 'Request not found.';
export const PHOTO_NOT_FOUND = 'Photo not found.';
export const NO_LENGTH_MESSAGE = 'Give the job its length: the lines add up to 0 minutes.';
export const quoteTooLongMessage = (minutes: number) =>
  `The lines add up to ${durationText(minutes)}, more than one visit we book online (${durationText(MAX_JOB_MINUTES)} at most). Plan a longer job with the customer by phone.`;
export const closedRequestMessage = (status: string) => `This request is already ${status}: it takes no new quote and cannot be declined.`;

export interface AdminEstimateDeps {
  db: Db;
  now: Date;
  timeZone: string;
  publicUrl: string;
  textsEnabled: boolean;
}

function toSummary(e: EstimateRow, photoCount: number): AdminEstimateSummary {
  return {
    id: e.id,
    status: e.status as AdminEstimateSummary['status'],
    fullName: e.fullName,
    email: e.email,
    phone: e.phone,
    address: e.address,
    areaChecked: e.areaChecked === true,
    description: e.description,
    preferredDays: e.preferredDays,
    photoCount,
    createdAt: e.createdAt.toISOString(),
  };
}

function toAdminQuote(q: QuoteRow): AdminQuote {
  return {
    id: q.id,
    status: q.status as AdminQuote['status'],
    lines: q.lines,
    totalCents: q.totalCents,
    minutes: q.minutes,
    twoPeople: q.twoPeople,
    serviceType: q.serviceType,
    note: q.note,
    validUntil: q.validUntil,
    createdAt: q.createdAt.toISOString(),
    declinedAt: q.declinedAt?.toISOString() ?? null,
    bookingId: q.bookedBookingId,
  };
}

/** GET /api/admin/estimates: every request with its status settled (new ones first). */
export async function listEstimatesForOwner(deps: AdminEstimateDeps): Promise<AdminEstimateSummary[]> {
  return deps.db.transaction(async (tx) => {
    await settleQuotes(tx, deps);
    return (await listEstimates(tx)).map((r) => toSummary(r.estimate, r.photoCount));
  });
}

async function estimateDetail(db: DbOrTx, e: EstimateRow): Promise<AdminEstimate> {
  const photos = await listEstimatePhotos(db, e.id);
  const quotes = await listQuotesOfEstimate(db, e.id);
  return {
    ...toSummary(e, photos.length),
    photos: photos.map((p) => ({ ...p, url: `/api/admin/estimates/${e.id}/photos/${p.n}` })),
    quotes: quotes.map(toAdminQuote),
    declinedBy: (e.declinedBy as AdminEstimate['declinedBy']) ?? null,
    declinedAt: e.declinedAt?.toISOString() ?? null,
    declineReason: e.declineReason,
  };
}

/** GET /api/admin/estimates/:id: the request, its photos and its quotes (newest first). */
export async function getEstimateForOwner(deps: AdminEstimateDeps, id: number): Promise<AdminEstimate> {
  return deps.db.transaction(async (tx) => {
    await settleQuotes(tx, deps);
    const e = await findEstimate(tx, id);
    if (!e) throw new NotFoundError(ESTIMATE_NOT_FOUND);
    return estimateDetail(tx, e);
  });
}

/** GET /api/admin/estimates/:id/photos/:n: the stored photo's bytes and type. */
export async function readEstimatePhoto(db: Db, id: number, n: number): Promise<{ contentType: string; data: Buffer }> {
  const photo = await findEstimatePhoto(db, id, n);
  if (!photo) throw new NotFoundError(PHOTO_NOT_FOUND);
  return photo;
}

/**
 * The quote's lines as it stores them (the shape of a booking's lines), its crew need and
 * service: a line naming a price-list item needs a crew of two when that item does, and the
 * quote is of a service when all such lines are of one. Every unknown item is named.
 */
async function priceQuoteLines(db: DbOrTx, input: CreateQuoteInput) {
  const ids = input.lines.flatMap((l) => (l.itemId !== undefined ? [l.itemId] : []));
  const items = new Map((await priceItemsByIds(db, ids)).map((item) => [item.id, item]));
  const errors: Record<string, string> = {};
  input.lines.forEach((l, i) => {
    if (l.itemId !== undefined && !items.has(l.itemId)) errors[`lines.${i}.itemId`] = unknownItemIdMessage(l.itemId);
  });
  const first = Object.values(errors)[0];
  if (first !== undefined) throw new ValidationError(first, errors);

  const lines: QuoteLine[] = input.lines.map((l) => ({ name: l.description, quantity: l.quantity, unitCents: l.unitCents, amountCents: l.unitCents * l.quantity, minutes: l.minutes }));
  const minutes = lines.reduce((sum, l) => sum + l.minutes, 0);
  if (minutes === 0) throw new ValidationError(NO_LENGTH_MESSAGE, { lines: NO_LENGTH_MESSAGE });
  if (bookedJobMinutes(minutes) > MAX_JOB_MINUTES) {
    const message = quoteTooLongMessage(minutes);
    throw new ValidationError(message, { lines: message });
  }
  const used = ids.map((id) => items.get(id)!);
  const services = new Set(used.map((item) => item.serviceType));
  return {
    lines,
    minutes,
    totalCents: lines.reduce((sum, l) => sum + l.amountCents, 0),
    twoPeople: used.some((item) => item.twoPeople),
    serviceType: services.size === 1 ? [...services][0] : null,
  };
}

/** The request, locked, and still open to a quote or a no (new, quoted or expired); 404 or 409 otherwise. */
async function lockOpenEstimate(tx: DbOrTx, deps: AdminEstimateDeps, id: number): Promise<EstimateRow> {
  await settleQuotes(tx, deps);
  const e = await lockEstimate(tx, id);
  if (!e) throw new NotFoundError(ESTIMATE_NOT_FOUND);
  if (e.status === 'booked' || e.status === 'declined') throw new ConflictError(closedRequestMessage(e.status), 'INVALID_STATUS');
  return e;
}

/**
 * POST /api/admin/estimates/:id/quote: the owner's price for a request. The total and length are
 * the lines' sums (the server's arithmetic, integer cents); it can be approved until `validDays`
 * days from today (the business's day). A newer quote withdraws the request's open one. The
 * customer is emailed (and texted, when texts are on) a private link to /quote/{token}.
 */
export async function createQuote(deps: AdminEstimateDeps, id: number, input: CreateQuoteInput): Promise<AdminEstimate> {
  const { now } = deps;
  return deps.db.transaction(async (tx) => {
    const e = await lockOpenEstimate(tx, deps, id);
    const priced = await priceQuoteLines(tx, input);
    await withdrawOpenQuotes(tx, e.id);
    const quote = await insertQuote(tx, {
      estimateId: e.id,
      ...priced,
      note: input.note,
      validUntil: addDays(todayInZone(now, deps.timeZone), input.validDays),
      status: 'open',
      createdAt: now,
    });
    await setEstimateStatus(tx, e.id, 'quoted', now);
    await queueQuoteMessages(tx, quote, e, { now, publicUrl: deps.publicUrl, textsEnabled: deps.textsEnabled });
    return estimateDetail(tx, (await findEstimate(tx, e.id))!);
  });
}

/** POST /api/admin/estimates/:id/decline: the owner says no (with a reason for their records); an open quote is withdrawn. */
export async function declineEstimate(deps: AdminEstimateDeps, id: number, reason: string): Promise<AdminEstimate> {
  return deps.db.transaction(async (tx) => {
    const e = await lockOpenEstimate(tx, deps, id);
    await withdrawOpenQuotes(tx, e.id);
    await markEstimateDeclined(tx, e.id, { by: 'owner', reason: reason || null, now: deps.now });
    return estimateDetail(tx, (await findEstimate(tx, e.id))!);
  });
}
