import { DEPOSIT_CENTS, HOLD_MINUTES } from '../../../shared/constants';
import type { CreateBookingInput } from '../../../shared/schemas/booking';
import { checkServiceArea } from '../../../shared/service-area';
import type { Db } from '../../db/client';
import { insertBooking, releaseExpiredHolds, type BookingRow } from '../repositories/bookings';
import {
  countLiveHolds,
  isCrewOverlap,
  lockHolder,
  lockBookingDay,
  retryOnConflict,
  SLOT_TAKEN_MESSAGE,
  loadJobDay,
  refusal,
  requireService,
  checkJobStart,
  chooseCrew,
  startsAt,
} from '../../schedule';
import { ConflictError, RateLimitError, ValidationError } from '../../errors';
import { getSettings } from '../../settings';
import { jobToBook } from './booking-job';
import { pricedJobFields } from '../../../shared/schemas/booking-job';
import { claimQuotedJob, recordQuoteBooking } from '../../estimates';

export { SLOT_TAKEN_MESSAGE, SLOT_UNAVAILABLE_MESSAGE } from '../../schedule';

/** Unpaid holds one email may have at once (not scaled: a person needs no more). */
export const HOLDS_PER_EMAIL = 2;
/** Unpaid holds one client address may have at once, times RATE_LIMIT_SCALE. */
export const HOLDS_PER_IP = 5;
/** A quote's job is the quote's: it takes no items. */
export const QUOTE_WITH_ITEMS_MESSAGE = "A booking from a quote takes the quote's work: leave out items.";
/** How a refusal names a quote's job. */
const QUOTED_JOB_NAME = 'the quoted job';
/** The service a booking from a quote is filed under when its lines are not of one service. */
const QUOTED_SERVICE_TYPE = 'custom-project';
export const TOO_MANY_HOLDS_MESSAGE =
  'You already have bookings waiting for their deposit. Finish paying for your earlier booking, or wait for its hold to end (30 minutes after booking), then try again.';

export interface CreateBookingOptions {
  userId: number | null;
  now: Date;
  timeZone: string;
  payTokenHash?: string | null;
  /** The client's address, for the per-address cap on unpaid holds. */
  clientIp?: string | null;
  /** The owner booking for a customer is never capped. */
  isAdmin?: boolean;
  rateLimitScale?: number;
  /** Twilio is configured: the customer's "text me" choice is kept (without it no one was asked). */
  textsEnabled?: boolean;
}

/**
 * Creates a pending booking holding its job's time for HOLD_MINUTES, on a crew free for the whole
 * job with its travel buffer (a crew of two for a job that needs two people). The job is the
 * service as a whole, or the items picked from its price list, priced in this transaction
 * (jobToBook), or an owner's quote (`quoteToken`: its lines, total, length and crew need; the
 * quote is marked booked in this transaction, so it books once: 409 QUOTE_USED after), and is
 * stored with the booking. The exclusion constraint on (crew, interval) decides
 * between concurrent requests: of overlapping jobs exactly one wins; the others get 409
 * SLOT_TAKEN (with several crews, a loser first tries the next free crew). A start free for
 * someone but not for this job is 409 JOB_DOES_NOT_FIT (refusal). Refused before any hold: an
 * unknown or inactive service, items the list refuses, a ZIP outside the service area, too many
 * unpaid holds. Amounts sent by the client are ignored: the deposit is DEPOSIT_CENTS.
 */
export async function createBooking(db: Db, input: CreateBookingInput, p: CreateBookingOptions): Promise<BookingRow> {
  const { now, timeZone } = p;
  const quoteToken = input.quoteToken;
  if (quoteToken !== undefined && input.items) throw new ValidationError(QUOTE_WITH_ITEMS_MESSAGE, { items: QUOTE_WITH_ITEMS_MESSAGE });
  const settings = await getSettings(db);
  // A quote names its own job; it was written for this customer, offered service or not.
  const service = quoteToken === undefined ? await requireService(db, input.serviceType ?? '') : null;
  const area = checkServiceArea(input.address, { serviceZips: settings.serviceZips, phone: settings.business.phone });
  if (!area.ok) throw new ValidationError(area.message, { address: area.message });
  const clientIp = p.clientIp ?? null;

  for (let attempt = 0; ; attempt++) {
    try {
      // Run again when PostgreSQL ends it for another transaction's sake (a deadlock).
      return await retryOnConflict(() => db.transaction(async (tx) => {
        // Priced in the booking's transaction: the list as it is when the booking is made.
        const priced = service ? await jobToBook(tx, service, input.items) : null;
        if (!p.isAdmin) {
          await lockHolder(tx, { email: input.email });
          const holds = await countLiveHolds(tx, { email: input.email, ip: clientIp, now });
          const ipCap = Math.max(1, Math.ceil(HOLDS_PER_IP * (p.rateLimitScale ?? 1)));
          if (holds.byEmail >= HOLDS_PER_EMAIL || holds.byIp >= ipCap) throw new RateLimitError(TOO_MANY_HOLDS_MESSAGE, 'TOO_MANY_HOLDS');
        }
        // Expired holds still carry an active status until released; release them first, in this
        // transaction, so the constraint does not count them (and a quote whose booking's hold
        // ran out unpaid can be booked again).
        await releaseExpiredHolds(tx, now);
        // A quote is claimed (row-locked) until this booking commits: a second booking is QUOTE_USED.
        const quoted = quoteToken !== undefined ? await claimQuotedJob(tx, quoteToken, { now, timeZone }) : null;
        // One new booking of this day at a time, on every instance (see lockBookingDay).
        await lockBookingDay(tx, input.bookingDate);
        const job = priced ?? quoted!;
        const day = await loadJobDay(tx, { date: input.bookingDate, now, timeZone, settings, durationMinutes: job.durationMinutes, twoPeople: job.twoPeople });
        const check = checkJobStart(day, input.bookingTime);
        if (check !== 'available') {
          // A retry follows a concurrent booking that took the crew: that is "just booked", whatever
          // is left free for other jobs.
          if (attempt > 0 && check === 'no_crew') throw new ConflictError(SLOT_TAKEN_MESSAGE, 'SLOT_TAKEN');
          throw refusal(check, { day, label: input.bookingTime, serviceName: service?.name ?? QUOTED_JOB_NAME });
        }
        const crew = chooseCrew(day, input.bookingTime)!;
        const booking = await insertBooking(tx, {
          serviceType: service?.slug ?? quoted?.serviceType ?? QUOTED_SERVICE_TYPE,
          bookingDate: input.bookingDate,
          bookingTime: input.bookingTime,
          startsAt: startsAt(input.bookingDate, input.bookingTime, timeZone),
          durationMinutes: job.durationMinutes,
          twoPeople: job.twoPeople,
          lines: job.lines,
          totalCents: job.totalCents,
          bufferMinutes: settings.travelBufferMinutes,
          crew,
          areaChecked: area.checked ? true : null,
          clientIp,
          fullName: input.fullName,
          email: input.email,
          phone: input.phone,
          address: input.address,
          specialInstructions: input.specialInstructions?.trim() ? input.specialInstructions.trim() : null,
          depositAmount: DEPOSIT_CENTS,
          userId: p.userId,
          payTokenHash: p.payTokenHash ?? null,
          status: 'pending',
          holdExpiresAt: new Date(now.getTime() + HOLD_MINUTES * 60_000),
          smsOptIn: p.textsEnabled === true && input.smsOptIn === true,
          createdAt: now,
          updatedAt: now,
        });
        if (quoted) await recordQuoteBooking(tx, quoted.quoteId, booking.id, now);
        return booking;
      }));
    } catch (err) {
      if (!isCrewOverlap(err)) throw err;
      // A concurrent booking took this crew first. With more crews another may still be free.
      if (attempt + 1 >= settings.crews) throw new ConflictError(SLOT_TAKEN_MESSAGE, 'SLOT_TAKEN');
    }
  }
}

type BookingResponseFields =
  | 'id'
  | 'serviceType'
  | 'bookingDate'
  | 'bookingTime'
  | 'fullName'
  | 'email'
  | 'phone'
  | 'address'
  | 'specialInstructions'
  | 'depositPaid'
  | 'depositAmount'
  | 'status'
  | 'createdAt'
  | 'lines'
  | 'totalCents';

/** The booking as the API returns it (bookingSchema). */
export function toBookingResponse(b: Pick<BookingRow, BookingResponseFields>) {
  return {
    id: b.id,
    serviceType: b.serviceType,
    bookingDate: b.bookingDate,
    bookingTime: b.bookingTime,
    fullName: b.fullName,
    email: b.email,
    phone: b.phone,
    address: b.address,
    specialInstructions: b.specialInstructions,
    depositPaid: b.depositPaid,
    depositAmount: b.depositAmount,
    status: b.status,
    createdAt: b.createdAt.toISOString(),
    ...pricedJobFields(b),
  };
}
