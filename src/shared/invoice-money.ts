/**
 * An invoice's arithmetic (decision 0021), in integer US cents: one function for the server that
 * stores the sums and the screens that will show them as they are typed. Pure: no clock, no I/O.
 */

export interface InvoiceLineMoney {
  quantity: number;
  unitCents: number;
  taxable: boolean;
}

export interface InvoiceTotals {
  subtotalCents: number;
  /** The subtotal of the taxable (materials) lines: what the tax rate applies to. */
  taxableCents: number;
  taxCents: number;
  /** subtotal − discount + tax: the job's price, before the deposit and payments. */
  totalCents: number;
}

/** A line's amount: quantity × unit price. */
export function lineAmountCents(line: Pick<InvoiceLineMoney, 'quantity' | 'unitCents'>): number {
  return line.quantity * line.unitCents;
}

/**
 * Tax on `taxableCents` at `rateBps` basis points (1025 is 10.25 %), rounded to the nearest cent,
 * half a cent up. Whole-number arithmetic: no 0.1 + 0.2.
 */
export function taxCents(taxableCents: number, rateBps: number): number {
  return Math.floor((taxableCents * rateBps + 5_000) / 10_000);
}

/** The sums of an invoice's lines: tax on the taxable lines' subtotal, the discount off the subtotal. */
export function invoiceTotals(lines: readonly InvoiceLineMoney[], discountCents: number, taxRateBps: number): InvoiceTotals {
  let subtotalCents = 0;
  let taxableCents = 0;
  for (const line of lines) {
    const amount = lineAmountCents(line);
    subtotalCents += amount;
    if (line.taxable) taxableCents += amount;
  }
  const tax = taxCents(taxableCents, taxRateBps);
  return { subtotalCents, taxableCents, taxCents: tax, totalCents: subtotalCents - discountCents + tax };
}

/** What is still owed: the total less the deposit credited and the payments toward it, never below zero. */
export function balanceCents(inv: { totalCents: number; depositCreditCents: number; paidCents: number }): number {
  return Math.max(0, inv.totalCents - inv.depositCreditCents - inv.paidCents);
}

/** The status of an issued (numbered, not void) invoice, from its money. */
export function issuedStatus(inv: { totalCents: number; depositCreditCents: number; paidCents: number }): 'sent' | 'partly_paid' | 'paid' {
  if (balanceCents(inv) === 0) return 'paid';
  return inv.paidCents > 0 ? 'partly_paid' : 'sent';
}

/** INV-2026-0001: the year, then the year's sequence number, four digits at least. */
export function invoiceNumber(year: number, sequence: number): string {
  return `INV-${year}-${String(sequence).padStart(4, '0')}`;
}
