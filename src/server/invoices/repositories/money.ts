import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, invoicePayments, invoiceRefunds, invoices } from '../../db/schema';

/**
 * The money the business took, by the day it was taken on the business's clock (issue 23's
 * Numbers and the accountant's export). Every amount is integer cents.
 */

type Num = number | string | null;
const num = (v: Num) => Number(v ?? 0);

/** The day an instant falls on in `timeZone`, as SQL. */
const dayOf = (column: unknown, timeZone: string) => sql`(${column} at time zone ${timeZone})::date`;

export interface MoneyWeek {
  weekStart: string;
  /** Deposits paid that week and not given back. */
  depositCents: number;
  /** Invoice payments toward balances (card and by hand). */
  balanceCents: number;
  tipCents: number;
  /** Invoice money given back to cards that week (the owner's refunds; not failed). */
  refundCents: number;
}

/** Per Monday-started week of [from, to) (Mondays, `yyyy-MM-dd`); weeks with nothing are absent. */
export async function moneyPerWeek(db: DbOrTx, p: { from: string; to: string; timeZone: string }): Promise<MoneyWeek[]> {
  const inRange = (column: unknown) => sql`${dayOf(column, p.timeZone)} >= ${p.from}::date and ${dayOf(column, p.timeZone)} < ${p.to}::date`;
  const week = (column: unknown) => sql`date_trunc('week', ${dayOf(column, p.timeZone)})::date`;
  const result = (await db.execute(sql`
    with deposits as (
      select ${week(bookings.paidAt)} as week, sum(${bookings.depositAmount})::bigint as deposit_cents
        from ${bookings}
       where ${bookings.depositPaid} and ${bookings.paidAt} is not null and ${bookings.refundStatus} <> 'refunded' and ${inRange(bookings.paidAt)}
       group by 1
    ),
    payments as (
      select ${week(invoicePayments.createdAt)} as week, sum(${invoicePayments.amountCents})::bigint as balance_cents, sum(${invoicePayments.tipCents})::bigint as tip_cents
        from ${invoicePayments}
       where ${inRange(invoicePayments.createdAt)}
       group by 1
    ),
    refunds as (
      select ${week(invoiceRefunds.createdAt)} as week, sum(${invoiceRefunds.amountCents})::bigint as refund_cents
        from ${invoiceRefunds}
       where ${invoiceRefunds.reason} = 'owner' and ${invoiceRefunds.status} <> 'failed' and ${inRange(invoiceRefunds.createdAt)}
       group by 1
    )
    select to_char(coalesce(d.week, p.week, r.week), 'YYYY-MM-DD') as week_start,
           coalesce(d.deposit_cents, 0) as deposit_cents, coalesce(p.balance_cents, 0) as balance_cents,
           coalesce(p.tip_cents, 0) as tip_cents, coalesce(r.refund_cents, 0) as refund_cents
      from deposits d
      full join payments p on p.week = d.week
      full join refunds r on r.week = coalesce(d.week, p.week)
  `)) as unknown as { rows: Record<string, Num>[] };
  return result.rows.map((r) => ({ weekStart: String(r.week_start), depositCents: num(r.deposit_cents), balanceCents: num(r.balance_cents), tipCents: num(r.tip_cents), refundCents: num(r.refund_cents) }));
}

/** Tips received in [from, to) per crew of the job, crew order. */
export async function tipsPerCrew(db: DbOrTx, p: { from: string; to: string; timeZone: string }): Promise<{ crew: number; tipCents: number; jobs: number }[]> {
  const day = dayOf(invoicePayments.createdAt, p.timeZone);
  const result = (await db.execute(sql`
    select ${bookings.crew} as crew, sum(${invoicePayments.tipCents})::bigint as tip_cents, count(distinct ${invoices.id})::int as jobs
      from ${invoicePayments}
      join ${invoices} on ${invoices.id} = ${invoicePayments.invoiceId}
      join ${bookings} on ${bookings.id} = ${invoices.bookingId}
     where ${invoicePayments.tipCents} > 0 and ${day} >= ${p.from}::date and ${day} < ${p.to}::date
     group by 1 order by 1
  `)) as unknown as { rows: Record<string, Num>[] };
  return result.rows.map((r) => ({ crew: num(r.crew), tipCents: num(r.tip_cents), jobs: num(r.jobs) }));
}

/** Invoices sent and not paid in full (nor void): what each still owes and since when it was sent. */
export async function outstandingInvoices(db: DbOrTx): Promise<{ id: number; number: string; balanceCents: number; sentAt: Date }[]> {
  const result = (await db.execute(sql`
    select ${invoices.id} as id, ${invoices.number} as number, ${invoices.sentAt} as sent_at,
           greatest(0, ${invoices.totalCents} - ${invoices.depositCreditCents} - ${invoices.paidCents}) as balance_cents
      from ${invoices}
     where ${invoices.status} in ('sent', 'partly_paid') and ${invoices.sentAt} is not null
     order by ${invoices.sentAt}
  `)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((r) => ({ id: Number(r.id), number: String(r.number), balanceCents: Number(r.balance_cents), sentAt: new Date(r.sent_at as string | Date) }));
}

/** Invoices paid in full in [from, to): how many, and their totals with the tips (the tickets). */
export async function paidTickets(db: DbOrTx, p: { from: string; to: string; timeZone: string }): Promise<{ count: number; cents: number }> {
  const day = dayOf(invoices.paidAt, p.timeZone);
  const result = (await db.execute(sql`
    select count(*)::int as count, coalesce(sum(${invoices.totalCents} + ${invoices.tipCents}), 0)::bigint as cents
      from ${invoices}
     where ${invoices.status} = 'paid' and ${invoices.paidAt} is not null and ${day} >= ${p.from}::date and ${day} < ${p.to}::date
  `)) as unknown as { rows: Record<string, Num>[] };
  const row = result.rows[0];
  return { count: num(row?.count ?? 0), cents: num(row?.cents ?? 0) };
}

export interface ExportRow {
  at: Date;
  kind: 'deposit' | 'payment' | 'refund';
  bookingId: number;
  invoiceNumber: string | null;
  customer: string;
  method: string;
  amountCents: number;
  tipCents: number;
  note: string | null;
}

/**
 * Every movement of money in [from, to] (days on the business's clock, inclusive), oldest first:
 * deposits paid, invoice payments (card and by hand, with their tips), and refunds (deposits
 * refunded, invoice refunds not failed) as negative amounts.
 */
export async function moneyMovements(db: DbOrTx, p: { from: string; to: string; timeZone: string }): Promise<ExportRow[]> {
  const inRange = (column: unknown) => sql`${dayOf(column, p.timeZone)} between ${p.from}::date and ${p.to}::date`;
  const result = (await db.execute(sql`
    select * from (
      select ${bookings.paidAt} as at, 'deposit' as kind, ${bookings.id} as booking_id, null::text as invoice_number, ${bookings.fullName} as customer,
             'card' as method, ${bookings.depositAmount} as amount_cents, 0 as tip_cents, null::text as note
        from ${bookings}
       where ${bookings.depositPaid} and ${bookings.paidAt} is not null and ${inRange(bookings.paidAt)}
      union all
      select ${bookings.refundedAt}, 'refund', ${bookings.id}, null, ${bookings.fullName}, 'card', -${bookings.depositAmount}, 0, 'Deposit refunded'
        from ${bookings}
       where ${bookings.refundStatus} = 'refunded' and ${bookings.refundedAt} is not null and ${inRange(bookings.refundedAt)}
      union all
      select ${invoicePayments.createdAt}, 'payment', ${bookings.id}, ${invoices.number}, ${bookings.fullName}, ${invoicePayments.method},
             ${invoicePayments.amountCents} + ${invoicePayments.excessCents}, ${invoicePayments.tipCents}, ${invoicePayments.note}
        from ${invoicePayments}
        join ${invoices} on ${invoices.id} = ${invoicePayments.invoiceId}
        join ${bookings} on ${bookings.id} = ${invoices.bookingId}
       where ${inRange(invoicePayments.createdAt)}
      union all
      select ${invoiceRefunds.createdAt}, 'refund', ${bookings.id}, ${invoices.number}, ${bookings.fullName}, 'card', -${invoiceRefunds.amountCents}, 0,
             case ${invoiceRefunds.reason} when 'overpayment' then 'More than the balance, given back' else 'Refunded by the business' end
        from ${invoiceRefunds}
        join ${invoicePayments} on ${invoicePayments.id} = ${invoiceRefunds.paymentId}
        join ${invoices} on ${invoices.id} = ${invoicePayments.invoiceId}
        join ${bookings} on ${bookings.id} = ${invoices.bookingId}
       where ${invoiceRefunds.status} <> 'failed' and ${inRange(invoiceRefunds.createdAt)}
    ) movements
    order by at, kind, booking_id
  `)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((r) => ({
    at: new Date(r.at as string | Date),
    kind: r.kind as ExportRow['kind'],
    bookingId: Number(r.booking_id),
    invoiceNumber: (r.invoice_number as string | null) ?? null,
    customer: String(r.customer),
    method: String(r.method),
    amountCents: Number(r.amount_cents),
    tipCents: Number(r.tip_cents),
    note: (r.note as string | null) ?? null,
  }));
}
