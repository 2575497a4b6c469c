import type { AdminStats, FillDay, StatsWeek } from '../../../shared/schemas/admin-stats';
import { serviceTypeLabel } from '../../../shared/constants';
import type { DbOrTx } from '../../db/client';
import { bookedMinutesPerDay, bookingsPerService, weeklyFigures } from '../repositories/stats';
import { addDays, hoursToMinutes, todayInZone, weekdayOf } from '../../schedule';
import { getSettings } from '../../settings';
import { quotesPerWeek } from '../../estimates';
import { invoiceMoneyFigures } from '../../invoices';

/** Weeks shown before and including the current one, and after it. */
export const PAST_WEEKS = 12;
export const FUTURE_WEEKS = 4;
/** The fill rate looks at today and the six days after it. */
export const FILL_DAYS = 7;

const dollars = (cents: number) => Math.round(cents) / 100;

/** The Monday on or before `date` (weeks start on Monday on the business's calendar). */
export function mondayOf(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

/**
 * The owner's numbers at `now`: sixteen weeks (twelve up to and including this one, four
 * after), the fill rate of the coming seven days, and bookings per service over the twelve weeks.
 */
export async function getAdminStats(deps: { db: DbOrTx; now: Date; timeZone: string }): Promise<AdminStats> {
  const { db, now, timeZone } = deps;
  const today = todayInZone(now, timeZone);
  const thisMonday = mondayOf(today);
  const from = addDays(thisMonday, -7 * (PAST_WEEKS - 1));
  const to = addDays(thisMonday, 7 * (FUTURE_WEEKS + 1));
  const fillTo = addDays(today, FILL_DAYS - 1);
  const servicesTo = addDays(thisMonday, 6);

  const pastTo = addDays(thisMonday, 7);
  const [settings, figures, booked, perService, quoted, money] = await Promise.all([
    getSettings(db),
    weeklyFigures(db, { from, to, timeZone, now }),
    bookedMinutesPerDay(db, { from: today, to: fillTo, now }),
    bookingsPerService(db, { from, to: servicesTo, now }),
    quotesPerWeek(db, { from, to: pastTo, timeZone }),
    invoiceMoneyFigures(db, { from, to: pastTo, timeZone, now }),
  ]);

  const byWeek = new Map(figures.map((f) => [f.weekStart, f]));
  const quotesByWeek = new Map(quoted.map((q) => [q.weekStart, q]));
  const weeks: StatsWeek[] = [];
  for (let i = 0; i < PAST_WEEKS + FUTURE_WEEKS; i++) {
    const weekStart = addDays(from, 7 * i);
    const f = byWeek.get(weekStart);
    weeks.push({
      weekStart,
      when: weekStart < thisMonday ? 'past' : weekStart === thisMonday ? 'current' : 'future',
      bookings: f?.bookings ?? 0,
      depositsDollars: dollars(f?.depositCents ?? 0),
      bookedDollars: dollars(f?.bookedCents ?? 0),
      cancellations: f?.cancellations ?? 0,
      cancelledDepositsDollars: dollars(f?.cancelledDepositCents ?? 0),
      refunds: f?.refunds ?? 0,
      refundsDollars: dollars(f?.refundCents ?? 0),
      quotesSent: quotesByWeek.get(weekStart)?.sent ?? 0,
      quotesApproved: quotesByWeek.get(weekStart)?.approved ?? 0,
      depositsTakenDollars: dollars(money.weeks.get(weekStart)?.depositCents ?? 0),
      balancesDollars: dollars(money.weeks.get(weekStart)?.balanceCents ?? 0),
      tipsDollars: dollars(money.weeks.get(weekStart)?.tipCents ?? 0),
      invoiceRefundsDollars: dollars(money.weeks.get(weekStart)?.refundCents ?? 0),
    });
  }

  const pastFigures = figures.filter((f) => f.weekStart <= thisMonday);
  const pastJobs = pastFigures.reduce((n, f) => n + f.bookings, 0);
  const pastCents = pastFigures.reduce((n, f) => n + f.bookedCents, 0);

  const quotesSent = quoted.reduce((n, q) => n + q.sent, 0);
  const quotesApproved = quoted.reduce((n, q) => n + q.approved, 0);

  const bookedByDay = new Map(booked.map((b) => [b.date, b.minutes]));
  const closed = new Set(settings.closedDates);
  const days: FillDay[] = [];
  for (let i = 0; i < FILL_DAYS; i++) {
    const date = addDays(today, i);
    const hours = settings.hours[String(weekdayOf(date)) as keyof typeof settings.hours];
    const closedReason = closed.has(date) ? 'closed-date' : hours ? null : 'no-hours';
    const openMinutes = closedReason || !hours ? 0 : Math.max(0, hoursToMinutes(hours.close) - hoursToMinutes(hours.open)) * settings.crews;
    days.push({ date, openMinutes, bookedMinutes: bookedByDay.get(date) ?? 0, closedReason });
  }
  const openMinutes = days.reduce((s, d) => s + d.openMinutes, 0);
  const bookedMinutes = days.reduce((s, d) => s + d.bookedMinutes, 0);

  return {
    timeZone,
    today,
    weeks,
    averageJobDollars: pastJobs > 0 ? dollars(Math.round(pastCents / pastJobs)) : null,
    money: {
      tipsPerCrew: money.tipsPerCrew.map((c) => ({ crew: c.crew, tipsDollars: dollars(c.tipCents), jobs: c.jobs })),
      paidInvoices: money.paidInvoices,
      averageTicketDollars: money.averageTicketCents === null ? null : dollars(money.averageTicketCents),
      outstanding: {
        invoices: money.outstanding.invoices,
        balanceDollars: dollars(money.outstanding.balanceCents),
        oldestDays: money.outstanding.oldestDays,
        buckets: money.outstanding.buckets.map((b) => ({ label: b.label, invoices: b.invoices, balanceDollars: dollars(b.balanceCents) })),
      },
    },
    quotes: { sent: quotesSent, approved: quotesApproved, approvedShare: quotesSent > 0 ? quotesApproved / quotesSent : null },
    fillRate: { from: today, to: fillTo, openMinutes, bookedMinutes, rate: openMinutes > 0 ? bookedMinutes / openMinutes : null, crews: settings.crews, days },
    services: perService.map((s) => ({ serviceType: s.serviceType, name: s.name ?? serviceTypeLabel(s.serviceType), bookings: s.bookings })),
    servicesFrom: from,
    servicesTo,
  };
}
