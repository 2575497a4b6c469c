import type { QuoteLine } from '../../../shared/schemas/price-list';
import { formatCents } from './format';

/**
 * A job's lines in an email (decision 0018): what was picked from the price list, as it was
 * priced, and the total. `rows` are "2 × Dresser" with their amounts, each item then its add-ons.
 */
export interface EmailJobLines {
  caption: string;
  rows: { item: string; amount: string }[];
  total: string;
  /** Rows under the total (an invoice's deposit, payments and balance). */
  after?: { item: string; amount: string }[];
  /** A sentence under the table. */
  note?: string;
}

/** The lines of a booking's job, or undefined for a job booked as a whole (it has none). */
export function emailJobLines(b: { lines?: readonly QuoteLine[]; totalCents?: number | null; depositAmount: number }): EmailJobLines | undefined {
  if (!b.lines?.length) return undefined;
  return {
    caption: 'Your job',
    rows: b.lines.map((line) => ({ item: `${line.quantity} × ${line.name}`, amount: formatCents(line.amountCents, { alwaysCents: true }) })),
    total: formatCents(b.totalCents ?? 0, { alwaysCents: true }),
    note: `The ${formatCents(b.depositAmount)} deposit paid counts toward the total.`,
  };
}

/** The lines as plain text: a caption, one line per row, the total and the note. */
export function jobLinesText(job: EmailJobLines): string[] {
  return [
    job.caption,
    ...job.rows.map((r) => `${r.item}: ${r.amount}`),
    `Total: ${job.total}`,
    ...(job.after ?? []).map((r) => `${r.item}: ${r.amount}`),
    ...(job.note ? [job.note] : []),
  ];
}
