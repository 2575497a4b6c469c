import { sql } from 'drizzle-orm';
import type { CancelReason } from '../../../shared/constants';
import type { DbOrTx } from '../../db/client';
import { bookings, services } from '../../db/schema';

/**
 * A booking that counts as business: not cancelled, and a pending one only while it still holds
 * its time (paid, or its hold not lapsed at `now`). Lapsed holds are abandoned checkouts.
 */
const counted = (now: Date) => sql`(
  ${bookings.status} in ('confirmed', 'completed', 'rescheduling')
  or (${bookings.status} = 'pending' and (${bookings.depositPaid} or ${bookings.holdExpiresAt} is null or ${bookings.holdExpiresAt} > ${now.toISOString()}::timestamptz))
)`;

/** A cancellation the owner or customer made, not a lapsed unpaid hold. */
const lapsedHold: CancelReason = 'hold_expired';
const realCancellation = sql`(${bookings.status} = 'cancelled' and ${bookings.cancelReason} is distinct from ${lapsedHold})`;

type Num = number | string | null;
const num = (v: Num) => Number(v ?? 0);
const day = (v: Date | string) => (typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

export interface WeekFigures {
  weekStart: string;
  bookings: number;
  depositCents: number;
  /** The counted jobs' value: a priced job's total, a job booked as a whole its service's price. */
  bookedCents: number;
  cancellations: number;
  cancelledDepositCents: number;
  refunds: number;
  refundCents: number;
}

/**
 * Per Monday-started week of [from, to) (both Mondays, `yyyy-MM-dd` on the business's calendar):
 * bookings and deposits by the job's date; cancellations and refunds by the day they happened on
 * the business's clock. Weeks with nothing are absent.
 */
export async function weeklyFigures(db: DbOrTx, p: { from: string; to: string; timeZone: string; now: Date }): Promise<WeekFigures[]> {
  const result = (await db.execute(sql`
    with jobs as (
      select date_trunc('week', ${bookings.bookingDate}::timestamp)::date as week,
             count(*) filter (where ${counted(p.now)})::int as bookings,
             coalesce(sum(${bookings.depositAmount}) filter (where ${bookings.depositPaid} and ${bookings.refundStatus} <> 'refunded'), 0)::bigint as deposit_cents,
             coalesce(sum(coalesce(${bookings.totalCents}, ${services.price})) filter (where ${counted(p.now)}), 0)::bigint as booked_cents
        from ${bookings}
        left join ${services} on ${services.slug} = ${bookings.serviceType}
       where ${bookings.bookingDate} >= ${p.from}::date and ${bookings.bookingDate} < ${p.to}::date
       group by 1
    ),
    cancellations as (
      select date_trunc('week', (${bookings.cancelledAt} at time zone ${p.timeZone}))::date as week,
             count(*)::int as cancellations,
             coalesce(sum(${bookings.depositAmount}) filter (where ${bookings.depositPaid}), 0)::bigint as cancelled_deposit_cents
        from ${bookings}
       where ${realCancellation} and ${bookings.cancelledAt} is not null
         and (${bookings.cancelledAt} at time zone ${p.timeZone})::date >= ${p.from}::date
         and (${bookings.cancelledAt} at time zone ${p.timeZone})::date < ${p.to}::date
       group by 1
    ),
    refunds as (
      select date_trunc('week', (${bookings.refundedAt} at time zone ${p.timeZone}))::date as week,
             count(*)::int as refunds,
             coalesce(sum(${bookings.depositAmount}), 0)::bigint as refund_cents
        from ${bookings}
       where ${bookings.refundStatus} = 'refunded' and ${bookings.refundedAt} is not null
         and (${bookings.refundedAt} at time zone ${p.timeZone})::date >= ${p.from}::date
         and (${bookings.refundedAt} at time zone ${p.timeZone})::date < ${p.to}::date
       group by 1
    )
    select to_char(coalesce(j.week, c.week, r.week), 'YYYY-MM-DD') as week_start,
           coalesce(j.bookings, 0) as bookings, coalesce(j.deposit_cents, 0) as deposit_cents, coalesce(j.booked_cents, 0) as booked_cents,
           coalesce(c.cancellations, 0) as cancellations, coalesce(c.cancelled_deposit_cents, 0) as cancelled_deposit_cents,
           coalesce(r.refunds, 0) as refunds, coalesce(r.refund_cents, 0) as refund_cents
      from jobs j
      full join cancellations c on c.week = j.week
      full join refunds r on r.week = coalesce(j.week, c.week)
  `)) as unknown as { rows: Record<string, Num>[] };
  return result.rows.map((r) => ({
    weekStart: String(r.week_start),
    bookings: num(r.bookings),
    depositCents: num(r.deposit_cents),
    bookedCents: num(r.booked_cents),
    cancellations: num(r.cancellations),
    cancelledDepositCents: num(r.cancelled_deposit_cents),
    refunds: num(r.refunds),
    refundCents: num(r.refund_cents),
  }));
}

/** Job minutes booked per day of [from, to] (inclusive, `yyyy-MM-dd`); days with none are absent. */
export async function bookedMinutesPerDay(db: DbOrTx, p: { from: string; to: string; now: Date }): Promise<{ date: string; minutes: number }[]> {
  const rows = await db
    .select({ date: bookings.bookingDate, minutes: sql<Num>`sum(${bookings.durationMinutes})` })
    .from(bookings)
    .where(sql`${bookings.bookingDate} between ${p.from}::date and ${p.to}::date and ${counted(p.now)}`)
    .groupBy(bookings.bookingDate);
  return rows.map((r) => ({ date: day(r.date), minutes: num(r.minutes) }));
}

/** Counted bookings per service type whose job is in [from, to] (inclusive), with the service's name when it still exists. */
export async function bookingsPerService(db: DbOrTx, p: { from: string; to: string; now: Date }): Promise<{ serviceType: string; name: string | null; bookings: number }[]> {
  const rows = await db
    .select({ serviceType: bookings.serviceType, name: sql<string | null>`max(${services.name})`, bookings: sql<Num>`count(*)` })
    .from(bookings)
    .leftJoin(services, sql`${services.slug} = ${bookings.serviceType}`)
    .where(sql`${bookings.bookingDate} between ${p.from}::date and ${p.to}::date and ${counted(p.now)}`)
    .groupBy(bookings.serviceType)
    .orderBy(sql`count(*) desc`, bookings.serviceType);
  return rows.map((r) => ({ serviceType: r.serviceType, name: r.name, bookings: num(r.bookings) }));
}
