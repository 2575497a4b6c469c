import { z } from 'zod';

/**
 * GET /api/admin/stats: the business at a glance. Weeks start on Monday in the business's time
 * zone; dates are `yyyy-MM-dd` on its calendar; money is in whole US dollars and cents as a
 * decimal (50, 12.5).
 */
export const statsWeekSchema = z.object({
  /** The Monday the week starts on. */
  weekStart: z.string(),
  /** past: ended before today; current: holds today; future: starts after today. */
  when: z.enum(['past', 'current', 'future']),
  /** Bookings whose job starts this week, cancelled ones and lapsed unpaid holds left out. */
  bookings: z.number(),
  /** Deposits paid for this week's jobs (the refunded ones left out), in dollars. */
  depositsDollars: z.number(),
  /**
   * The value of this week's counted jobs, in dollars: a job priced from the price list or a
   * quote at its total, a job booked as a whole at its service's price.
   */
  bookedDollars: z.number(),
  /** Bookings cancelled during this week (lapsed unpaid holds left out). */
  cancellations: z.number(),
  /** The paid deposits of those cancelled bookings, in dollars. */
  cancelledDepositsDollars: z.number(),
  /** Deposits refunded during this week. */
  refunds: z.number(),
  refundsDollars: z.number(),
  /** Quotes sent this week (by the day they were sent; one replaced by a newer quote not counted). */
  quotesSent: z.number(),
  /** Of those, the ones the customer approved and booked. */
  quotesApproved: z.number(),
  /** Money taken this week, by the day it was taken: deposits paid and not given back, in dollars. */
  depositsTakenDollars: z.number(),
  /** Invoice payments toward balances (card and by hand). */
  balancesDollars: z.number(),
  tipsDollars: z.number(),
  /** Invoice money refunded to cards by the business. */
  invoiceRefundsDollars: z.number(),
});
export type StatsWeek = z.infer<typeof statsWeekSchema>;

/** The figures of the fill rate, of a day and of the seven days together. */
const fillMinutesShape = {
  /** Crew minutes open (the weekday's hours × crews); 0 on a closed day. */
  openMinutes: z.number(),
  /** Job minutes booked (travel buffers left out). */
  bookedMinutes: z.number(),
};

export const fillDaySchema = z.object({
  date: z.string(),
  ...fillMinutesShape,
  /** closed: a closed date; no-hours: the business does not open on that weekday. */
  closedReason: z.enum(['closed-date', 'no-hours']).nullable(),
});
export type FillDay = z.infer<typeof fillDaySchema>;

export const fillRateSchema = z.object({
  /** The first and last day counted (today and six days on). */
  from: z.string(),
  to: z.string(),
  ...fillMinutesShape,
  /** bookedMinutes / openMinutes (may pass 1 when jobs were booked on closed days); null with no open time. */
  rate: z.number().nullable(),
  crews: z.number(),
  days: z.array(fillDaySchema),
});

export const serviceCountSchema = z.object({ serviceType: z.string(), name: z.string(), bookings: z.number() });

export const adminStatsSchema = z.object({
  timeZone: z.string(),
  today: z.string(),
  /** Twelve weeks up to and including this one, then the next four: sixteen, oldest first. */
  weeks: z.array(statsWeekSchema),
  /** The average value of a counted job in the twelve weeks up to and including this one; null with none. */
  averageJobDollars: z.number().nullable(),
  /** Quotes sent in the twelve weeks up to and including this one, those approved, and the share approved (null with none sent). */
  quotes: z.object({ sent: z.number(), approved: z.number(), approvedShare: z.number().nullable() }),
  /** The invoices' money over the twelve weeks up to and including this one, and what is owed now. */
  money: z.object({
    /** Tips per crew of the job. */
    tipsPerCrew: z.array(z.object({ crew: z.number(), tipsDollars: z.number(), jobs: z.number() })),
    /** Invoices paid in full, and their average ticket (total with the tip); null with none. */
    paidInvoices: z.number(),
    averageTicketDollars: z.number().nullable(),
    /** Invoices sent and not paid in full: how many, what they owe, the longest wait in days, and by how long they have waited. */
    outstanding: z.object({
      invoices: z.number(),
      balanceDollars: z.number(),
      oldestDays: z.number().nullable(),
      buckets: z.array(z.object({ label: z.string(), invoices: z.number(), balanceDollars: z.number() })),
    }),
  }),
  fillRate: fillRateSchema,
  /** Bookings per service whose job starts in the twelve weeks up to and including this one, most first. */
  services: z.array(serviceCountSchema),
  servicesFrom: z.string(),
  servicesTo: z.string(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
