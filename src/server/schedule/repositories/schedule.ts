import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { ACTIVE_BOOKING_STATUSES } from '../../../shared/constants';
import type { DbOrTx } from '../../db/client';
import { blockedTimes, bookings, calendarBusy, services, timeSlots } from '../../db/schema';

interface DayRow {
  kind: 'job' | 'block' | 'override' | 'busy';
  id: number | null;
  crew: number | null;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  status: string | null;
  hold_expires_at: Date | string | null;
  time: string | null;
  end_time: string | null;
  is_available: boolean | null;
}

const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/**
 * Everything the job engine needs about one business day whose instants are [from, to): active
 * jobs whose stored interval touches it (a job started the evening before may still hold a crew),
 * business blocks and owner overrides of the date, and imported busy intervals touching it. One
 * UNION ALL query: a round trip costs more than the rows on every time-slots request.
 */
export async function getJobDayRows(db: DbOrTx, p: { date: string; from: Date; to: Date; exceptBookingId?: number }) {
  const from = p.from.toISOString();
  const to = p.to.toISOString();
  const result = (await db.execute(sql`
    select 'job' as kind, ${bookings.id} as id, ${bookings.crew} as crew, lower(${bookings.during}) as starts_at, upper(${bookings.during}) as ends_at,
           ${bookings.status} as status, ${bookings.holdExpiresAt} as hold_expires_at, null::text as time, null::text as end_time, null::boolean as is_available
      from ${bookings}
     where ${inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES])}
       and ${bookings.during} && tstzrange(${from}::timestamptz, ${to}::timestamptz, '[)')
       and ${bookings.id} <> ${p.exceptBookingId ?? 0}
    union all
    select 'block', null, null, null, null, null, null, ${blockedTimes.time}, ${blockedTimes.endTime}, null
      from ${blockedTimes} where ${blockedTimes.date} = ${p.date} and ${blockedTimes.isBusiness}
    union all
    select 'override', null, null, null, null, null, null, ${timeSlots.slotTime}, null, ${timeSlots.isAvailable}
      from ${timeSlots} where ${timeSlots.slotDate} = ${p.date}
    union all
    select 'busy', null, null, ${calendarBusy.startsAt}, ${calendarBusy.endsAt}, null, null, null, null, null
      from ${calendarBusy} where ${calendarBusy.startsAt} < ${to}::timestamptz and ${calendarBusy.endsAt} > ${from}::timestamptz
  `)) as unknown as { rows: DayRow[] };
  const rows = result.rows;
  return {
    jobs: rows
      .filter((r) => r.kind === 'job')
      .map((r) => ({ id: r.id!, crew: r.crew!, startsAt: toDate(r.starts_at!), endsAt: toDate(r.ends_at!), status: r.status!, holdExpiresAt: r.hold_expires_at ? toDate(r.hold_expires_at) : null })),
    businessBlocks: rows.filter((r) => r.kind === 'block').map((r) => ({ time: r.time!, endTime: r.end_time })),
    overrides: rows.filter((r) => r.kind === 'override').map((r) => ({ slotTime: r.time!, isAvailable: Boolean(r.is_available) })),
    busy: rows.filter((r) => r.kind === 'busy').map((r) => ({ startsAt: toDate(r.starts_at!), endsAt: toDate(r.ends_at!) })),
  };
}

export type ServiceRow = typeof services.$inferSelect;

export async function findServiceBySlug(db: DbOrTx, slug: string): Promise<ServiceRow | undefined> {
  const [row] = await db.select().from(services).where(eq(services.slug, slug)).limit(1);
  return row;
}

/** Active services in the owner's order: what /book offers and GET /api/services lists. */
export function listActiveServices(db: DbOrTx): Promise<ServiceRow[]> {
  return db.select().from(services).where(eq(services.active, true)).orderBy(asc(services.sortOrder), asc(services.id));
}

/**
 * Unpaid pending bookings still holding their time, per email (case-insensitive) and per client
 * address, for the caps on hoarded holds.
 */
export async function countLiveHolds(db: DbOrTx, p: { email: string; ip: string | null; now: Date }): Promise<{ byEmail: number; byIp: number }> {
  const live = and(eq(bookings.status, 'pending'), eq(bookings.depositPaid, false), isNotNull(bookings.holdExpiresAt), gt(bookings.holdExpiresAt, p.now));
  const [counts] = await db
    .select({
      byEmail: sql<number>`count(*) filter (where lower(${bookings.email}) = ${p.email.trim().toLowerCase()})::int`,
      byIp: sql<number>`count(*) filter (where ${bookings.clientIp} = ${p.ip ?? ''})::int`,
    })
    .from(bookings)
    .where(and(live, sql`(lower(${bookings.email}) = ${p.email.trim().toLowerCase()} or ${bookings.clientIp} = ${p.ip ?? ''})`));
  return { byEmail: counts.byEmail, byIp: p.ip ? counts.byIp : 0 };
}

/**
 * Serializes bookings of one email for the rest of the transaction, so two concurrent requests
 * cannot both pass the per-email cap. The per-address cap is counted without a lock: requests
 * from one address racing at the same instant may pass it by one or two, harmless for a cap of
 * five, while a lock would queue every visitor behind a shared address (an office, a proxy).
 */
export async function lockHolder(db: DbOrTx, p: { email: string }): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`hold-email|${p.email.trim().toLowerCase()}`}))`);
}

/**
 * Serializes new bookings of one day for the rest of the transaction, on every instance. Without
 * it, bookings racing for one time check the one-crew-one-job constraint against each other's
 * uncommitted rows, and two such checks can wait on each other: PostgreSQL then ends one with
 * "deadlock detected" after a second, and the waits pile up behind it (seen with 50 bookings of
 * one time across two instances). Queued, each finds the winner committed and is SLOT_TAKEN at
 * once. Taken after the holder's lock and the row locks of the same transaction, always in that
 * order.
 */
export async function lockBookingDay(db: DbOrTx, date: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`booking-day|${date}`}))`);
}

/** Whether `err` carries one of these PostgreSQL error codes, bare or wrapped by Drizzle. */
function hasPgCode(err: unknown, codes: readonly string[]): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && codes.includes(e.code)) return true;
  }
  return false;
}

/** Exclusion violation (23P01) of the one-crew-one-job constraint, bare or wrapped by Drizzle. */
export function isCrewOverlap(err: unknown): boolean {
  return hasPgCode(err, ['23P01']);
}

/**
 * A transaction PostgreSQL ended so that another could go on (deadlock detected, 40P01, or a
 * serialization failure, 40001): run again, it finds what the other committed.
 */
export function isRetryableConflict(err: unknown): boolean {
  return hasPgCode(err, ['40P01', '40001']);
}

/** Runs a transaction, and again (up to three more times) when PostgreSQL ends it for another's sake. */
export async function retryOnConflict<T>(run: () => Promise<T>): Promise<T> {
  for (let retries = 0; ; retries++) {
    try {
      return await run();
    } catch (err) {
      if (retries >= 3 || !isRetryableConflict(err)) throw err;
    }
  }
}
