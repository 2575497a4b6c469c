import { invoiceTotals, type InvoiceTotals } from '../../../../shared/invoice-money';
import { INVOICE_LINES_MESSAGE, QUANTITY_MESSAGE, type AdminInvoice, type UpdateInvoiceInput } from '../../../../shared/schemas/invoices';
import { dollarsText, parseDollars, PRICE_DOLLARS_MESSAGE } from '../../../lib/dollars';

/** An invoice line as its boxes hold it: quantity and unit price as typed (dollars). */
export interface DraftLine {
  description: string;
  quantity: string;
  unitPrice: string;
  taxable: boolean;
}

/** The invoice's form: its lines and the discount in dollars. */
export interface InvoiceDraft {
  lines: DraftLine[];
  discount: string;
}

export const MAX_LINES = 50;
export const emptyLine = (): DraftLine => ({ description: '', quantity: '1', unitPrice: '', taxable: false });

/** The invoice as its form starts: its lines and discount as stored. */
export function draftOf(invoice: Pick<AdminInvoice, 'lines' | 'discountCents'>): InvoiceDraft {
  return {
    lines: invoice.lines.map((l) => ({ description: l.description, quantity: String(l.quantity), unitPrice: dollarsText(l.unitCents), taxable: l.taxable })),
    discount: invoice.discountCents ? dollarsText(invoice.discountCents) : '',
  };
}

const quantityOf = (text: string): number | null => (/^\d{1,3}$/.test(text.trim()) && Number(text) >= 1 ? Number(text) : null);
const discountOf = (text: string): number | null => (text.trim() === '' ? 0 : parseDollars(text));

/** The sums as typed so far: a line whose quantity or price cannot be read yet counts nothing. */
export function draftTotals(draft: InvoiceDraft, taxRateBps: number): InvoiceTotals & { discountCents: number } {
  const lines = draft.lines.map((l) => ({ quantity: quantityOf(l.quantity) ?? 0, unitCents: parseDollars(l.unitPrice) ?? 0, taxable: l.taxable }));
  const discountCents = Math.max(0, discountOf(draft.discount) ?? 0);
  return { ...invoiceTotals(lines, discountCents, taxRateBps), discountCents };
}

export type DraftCheck = { ok: true; input: UpdateInvoiceInput } | { ok: false; errors: Record<string, string> };

/** The draft as the API takes it, or a message for each box that cannot be read (keyed by its form path). */
export function checkDraft(draft: InvoiceDraft): DraftCheck {
  const errors: Record<string, string> = {};
  if (draft.lines.length === 0 || draft.lines.length > MAX_LINES) errors.lines = INVOICE_LINES_MESSAGE;
  const lines = draft.lines.map((line, i) => {
    const description = line.description.trim();
    const quantity = quantityOf(line.quantity);
    const unitCents = parseDollars(line.unitPrice);
    if (!description) errors[`lines.${i}.description`] = 'Describe the line';
    if (quantity === null) errors[`lines.${i}.quantity`] = QUANTITY_MESSAGE;
    if (unitCents === null) errors[`lines.${i}.unitPrice`] = PRICE_DOLLARS_MESSAGE;
    return { description, quantity: quantity ?? 0, unitCents: unitCents ?? 0, taxable: line.taxable };
  });
  const discountCents = discountOf(draft.discount);
  if (discountCents === null) errors.discount = DISCOUNT_DOLLARS_MESSAGE;
  else if (!errors.lines && Object.keys(errors).length === 0 && discountCents > lines.reduce((s, l) => s + l.quantity * l.unitCents, 0)) errors.discount = DISCOUNT_ABOVE_MESSAGE;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: { lines, discountCents: discountCents ?? 0 } };
}

export const DISCOUNT_DOLLARS_MESSAGE = 'Enter the discount in dollars, such as 20 or 12.50 (empty for none)';
export const DISCOUNT_ABOVE_MESSAGE = 'The discount cannot be more than the lines add up to';

/** A server message keyed `lines.0.unitCents` or `discountCents` belongs to the box that holds it. */
export function formPathOf(apiPath: string): string | null {
  const line = /^lines\.(\d+)\.(description|quantity|unitCents|taxable)$/.exec(apiPath);
  if (line) return `lines.${line[1]}.${line[2] === 'unitCents' ? 'unitPrice' : line[2]}`;
  if (apiPath === 'discountCents') return 'discount';
  if (apiPath === 'lines') return 'lines';
  return null;
}

