import { stringify } from 'csv-stringify/sync';
import type { DbOrTx } from '../../db/client';
import { moneyMovements, moneyPerWeek, outstandingInvoices, paidTickets, tipsPerCrew, type MoneyWeek } from '../repositories/money';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long an unpaid invoice has waited since it was sent: the owner's buckets. */
export const OUTSTANDING_BUCKETS = [
  { label: 'Up to 7 days', maxDays: 7 },
  { label: '8 to 30 days', maxDays: 30 },
  { label: 'Over 30 days', maxDays: Infinity },
] as const;

/**
 * The invoices' part of Numbers for the weeks [from, to) (Mondays on the business's clock): money
 * taken per week, tips per crew, the average ticket of the invoices paid, and what is owed now and
 * for how long (at `now`).
 */
export async function invoiceMoneyFigures(db: DbOrTx, p: { from: string; to: string; timeZone: string; now: Date }) {
  const [weeks, crews, tickets, owed] = await Promise.all([moneyPerWeek(db, p), tipsPerCrew(db, p), paidTickets(db, p), outstandingInvoices(db)]);
  const ages = owed.map((o) => ({ ...o, days: Math.max(0, Math.floor((p.now.getTime() - o.sentAt.getTime()) / DAY_MS)) }));
  const buckets = OUTSTANDING_BUCKETS.map((b, i) => {
    const inBucket = ages.filter((a) => a.days <= b.maxDays && (i === 0 || a.days > OUTSTANDING_BUCKETS[i - 1]!.maxDays));
    return { label: b.label, invoices: inBucket.length, balanceCents: inBucket.reduce((s, a) => s + a.balanceCents, 0) };
  });
  return {
    weeks: new Map<string, MoneyWeek>(weeks.map((w) => [w.weekStart, w])),
    tipsPerCrew: crews,
    paidInvoices: tickets.count,
    averageTicketCents: tickets.count > 0 ? Math.round(tickets.cents / tickets.count) : null,
    outstanding: {
      invoices: ages.length,
      balanceCents: ages.reduce((s, a) => s + a.balanceCents, 0),
      oldestDays: ages.length ? Math.max(...ages.map((a) => a.days)) : null,
      buckets,
    },
  };
}

const KIND_LABELS = { deposit: 'Deposit', payment: 'Invoice payment', refund: 'Refund' } as const;
const METHOD_LABELS: Record<string, string> = { card: 'Card', cash: 'Cash', check: 'Check', zelle: 'Zelle', venmo: 'Venmo' };
/** 12345 → "123.45", -5000 → "-50.00": dollars as a spreadsheet reads them. */
const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * A cell a visitor or the owner typed (a name, a note), never read as a formula by a spreadsheet:
 * one starting with =, +, -, @ or a tab gets a leading apostrophe.
 */
export const safeCell = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** The header of the payments export, in its columns' order. */
export const PAYMENTS_CSV_COLUMNS = ['Date', 'Time', 'Type', 'Booking', 'Invoice', 'Customer', 'Method', 'Amount', 'Tip', 'Note'] as const;

/**
 * GET /api/admin/payments.csv: every movement of money in [from, to] (days on the business's
 * clock) for the accountant, oldest first; amounts in dollars, refunds negative. Written by
 * csv-stringify, so commas, quotes and line breaks in names and notes stay in their cells.
 */
export async function paymentsCsv(db: DbOrTx, p: { from: string; to: string; timeZone: string }): Promise<string> {
  const rows = await moneyMovements(db, p);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: p.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: p.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return stringify(
    rows.map((r) => [day.format(r.at), time.format(r.at), KIND_LABELS[r.kind], r.bookingId, r.invoiceNumber ?? '', safeCell(r.customer), METHOD_LABELS[r.method] ?? r.method, dollars(r.amountCents), dollars(r.tipCents), safeCell(r.note ?? '')]),
    { header: true, columns: [...PAYMENTS_CSV_COLUMNS] },
  );
}
