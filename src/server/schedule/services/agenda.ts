import { TZDate } from '@date-fns/tz';
import { serviceTypeLabel } from '../../../shared/constants';
import type { Agenda, AgendaDay, AgendaJob, AgendaQuery, AgendaTime, DepositState } from '../../../shared/schemas/admin-agenda';
import type { InvoiceStatus } from '../../../shared/schemas/invoices';
import { balanceCents } from '../../../shared/invoice-money';
import { adminPricedJobFields } from '../../../shared/schemas/booking-job';
import type { DbOrTx } from '../../db/client';
import { listAgendaBookings, listBusinessBlocks, listBusyBetween } from '../repositories/agenda';
import { addDays, businessDayBounds, holdsSlot, labelToMinutes, minutesToLabel, todayInZone, wallClockInstant, weekdayOf, type WeekdayKey } from './schedule';
import { getSettings } from '../../settings';
import { canSendOnMyWay } from '../../messaging';

const MINUTE_MS = 60_000;

/** Where a booking's deposit stands, in one word (see DEPOSIT_STATES). */
export function depositState(b: { depositPaid: boolean; refundStatus: string }): DepositState {
  switch (b.refundStatus) {
    case 'pending':
      return 'refund_pending';
    case 'refunded':
      return 'refunded';
    case 'failed':
      return 'refund_failed';
    case 'kept':
      return 'kept';
    default:
      return b.depositPaid ? 'paid' : 'unpaid';
  }
}

/** The job's invoice as the agenda shows it, or null before there is one. */
function invoiceSummary(b: { invoiceId: number | null; invoiceNumber: string | null; invoiceStatus: string | null; invoiceTotalCents: number | null; invoiceDepositCreditCents: number | null; invoicePaidCents: number | null }): AgendaJob['invoice'] {
  if (b.invoiceId === null || b.invoiceStatus === null) return null;
  const money = { totalCents: b.invoiceTotalCents ?? 0, depositCreditCents: b.invoiceDepositCreditCents ?? 0, paidCents: b.invoicePaidCents ?? 0 };
  return { id: b.invoiceId, number: b.invoiceNumber, status: b.invoiceStatus as InvoiceStatus, totalCents: money.totalCents, balanceCents: b.invoiceStatus === 'void' ? 0 : balanceCents(money) };
}

/** An instant's wall-clock label ("9:00 AM") on the business clock. */
function labelAt(instant: Date, timeZone: string): string {
  const z = new TZDate(instant.getTime(), timeZone);
  return minutesToLabel(z.getHours() * 60 + z.getMinutes());
}

/** [startsAt, endsAt) clipped to the day, with null labels where it runs past the day's edges. */
function clipToDay(startsAt: Date, endsAt: Date, day: { startsAt: Date; endsAt: Date }, timeZone: string): AgendaTime {
  const from = Math.max(startsAt.getTime(), day.startsAt.getTime());
  const to = Math.min(endsAt.getTime(), day.endsAt.getTime());
  return {
    startsAt: new Date(from).toISOString(),
    endsAt: new Date(to).toISOString(),
    startTime: startsAt.getTime() < day.startsAt.getTime() ? null : labelAt(startsAt, timeZone),
    endTime: endsAt.getTime() > day.endsAt.getTime() ? null : labelAt(endsAt, timeZone),
  };
}

/**
 * The owner's agenda: for each business day from `query.from`, its hours (or why it is closed),
 * crews, the jobs in time order, the business blocks and the imported busy times overlapping it.
 * A job is a pending (with a live hold), confirmed, rescheduling or completed booking: an unpaid
 * hold that lapsed takes no crew anywhere, and a job done earlier today stays on today's list.
 */
export async function getAgenda(deps: { db: DbOrTx; now: Date; timeZone: string; textsEnabled?: boolean }, query: AgendaQuery): Promise<Agenda> {
  const { db, now, timeZone } = deps;
  const dates = Array.from({ length: query.days }, (_, i) => addDays(query.from, i));
  const last = dates[dates.length - 1]!;
  const range = { startsAt: businessDayBounds(query.from, timeZone).startsAt, endsAt: businessDayBounds(last, timeZone).endsAt };
  const [settings, bookingRows, blockRows, busyRows] = await Promise.all([
    getSettings(db),
    listAgendaBookings(db, query.from, last),
    listBusinessBlocks(db, query.from, last),
    listBusyBetween(db, range.startsAt, range.endsAt),
  ]);

  const days = dates.map((date): AgendaDay => {
    const bounds = businessDayBounds(date, timeZone);
    const hours = settings.hours[String(weekdayOf(date)) as WeekdayKey] ?? null;
    const closed = settings.closedDates.includes(date) ? 'closed_date' : hours ? null : 'weekday';

    const jobs = bookingRows
      .filter((b) => b.bookingDate === date && (b.status !== 'pending' || holdsSlot(b, now)))
      .map((b): AgendaJob => {
        const endsAt = new Date(b.startsAt.getTime() + b.durationMinutes * MINUTE_MS);
        return {
          id: b.id,
          status: b.status,
          startsAt: b.startsAt.toISOString(),
          endsAt: endsAt.toISOString(),
          startTime: labelAt(b.startsAt, timeZone),
          endTime: labelAt(endsAt, timeZone),
          durationMinutes: b.durationMinutes,
          serviceType: b.serviceType,
          serviceName: b.serviceName ?? serviceTypeLabel(b.serviceType),
          crew: b.crew,
          customerName: b.fullName,
          email: b.email,
          phone: b.phone,
          address: b.address,
          deposit: { state: depositState(b), amount: b.depositAmount },
          notes: b.specialInstructions?.trim() ? b.specialInstructions : null,
          areaChecked: b.areaChecked,
          canSendOnMyWay: canSendOnMyWay(b, { textsEnabled: deps.textsEnabled === true, now, timeZone }),
          ...adminPricedJobFields(b),
          ...(b.actualMinutes !== null ? { actualMinutes: b.actualMinutes } : {}),
          invoice: invoiceSummary(b),
        };
      });

    const blocks = blockRows
      .filter((b) => b.date === date)
      .flatMap((b) => {
        const from = labelToMinutes(b.time);
        if (from === null) return [];
        const to = labelToMinutes(b.endTime);
        // As the job engine reads a block: one hour when the end is missing or not later.
        const start = wallClockInstant(date, from, timeZone);
        const end = wallClockInstant(date, to !== null && to > from ? to : from + 60, timeZone);
        return [clipToDay(start, end, bounds, timeZone)];
      })
      .sort((a, b) => a.startsAt.localeCompare(b.startsAt));

    const busy = busyRows
      .filter((b) => b.startsAt < bounds.endsAt && b.endsAt > bounds.startsAt)
      .map((b) => clipToDay(b.startsAt, b.endsAt, bounds, timeZone));

    return { date, hours: closed ? null : hours, closed, crews: settings.crews, jobs, blocks, busy };
  });

  return { today: todayInZone(now, timeZone), days };
}
