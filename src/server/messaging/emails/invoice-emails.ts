import { formatLongDate } from '../../../shared/business-time';
import { lineAmountCents } from '../../../shared/invoice-money';
import type { OutgoingEmail } from '../repositories/outbox';
import { formatCents, type BusinessFacts } from './format';
import type { EmailJobLines } from './job-lines';
import { renderEmail } from './layout';

/** What an invoice's email and text say (decision 0021): the invoice as it is when sent. */
export interface InvoiceMessageFacts {
  id: number;
  number: string;
  customerName: string;
  email: string;
  serviceName: string;
  /** The job's date, yyyy-MM-dd. */
  jobDate: string;
  lines: readonly { description: string; quantity: number; unitCents: number }[];
  discountCents: number;
  taxRateBps: number;
  taxCents: number;
  totalCents: number;
  depositCreditCents: number;
  paidCents: number;
  balanceCents: number;
}

const money = (cents: number) => formatCents(cents, { alwaysCents: true });

/** The invoice as a table: its lines, discount and tax, the total, then what was paid and the balance. */
function invoiceTable(inv: InvoiceMessageFacts): EmailJobLines {
  const rows = inv.lines.map((l) => ({ item: `${l.quantity} × ${l.description}`, amount: money(lineAmountCents(l)) }));
  if (inv.discountCents > 0) rows.push({ item: 'Discount', amount: `−${money(inv.discountCents)}` });
  if (inv.taxCents > 0) rows.push({ item: `Tax on materials (${inv.taxRateBps / 100}%)`, amount: money(inv.taxCents) });
  const after = [];
  if (inv.depositCreditCents > 0) after.push({ item: 'Deposit paid', amount: `−${money(inv.depositCreditCents)}` });
  if (inv.paidCents > 0) after.push({ item: 'Paid since', amount: `−${money(inv.paidCents)}` });
  after.push({ item: 'Balance due', amount: money(inv.balanceCents) });
  return { caption: `Invoice ${inv.number}`, rows, total: money(inv.totalCents), after };
}

/**
 * To the customer when the owner sends the invoice: the lines and the balance, and the private
 * link (`/invoice/{token}`) to see and pay it. `link` carries LINK_TOKEN; the token is made when
 * the email goes out. No dedupe key: each send is the owner's (after an edit, as a reminder).
 */
export function invoiceEmail(inv: InvoiceMessageFacts, o: { link: string; business: BusinessFacts }): OutgoingEmail {
  const { business } = o;
  const owed = inv.balanceCents > 0;
  const body = renderEmail({
    business,
    heading: `Invoice ${inv.number}`,
    paragraphs: [
      `Hi ${inv.customerName}, thank you for choosing ${business.name} for your ${inv.serviceName} on ${formatLongDate(inv.jobDate)}. Here is your invoice.`,
      owed ? `The balance is ${money(inv.balanceCents)}. Pay it by card from your phone, and add a tip for the crew if you like:` : 'Nothing is left to pay. You can see the invoice here:',
      o.link,
      `The link is yours alone. Questions about the invoice? Call us at ${business.phone}.`,
    ],
    job: invoiceTable(inv),
  });
  return {
    kind: 'invoice',
    to: inv.email,
    subject: owed ? `Invoice ${inv.number} from ${business.name}: ${money(inv.balanceCents)} due` : `Invoice ${inv.number} from ${business.name}`,
    ...body,
  };
}

/** The text that goes with the invoice's email to a customer who asked for texts. */
export function invoiceTextBody(inv: InvoiceMessageFacts, o: { link: string; business: BusinessFacts }): string {
  const state = inv.balanceCents > 0 ? `${money(inv.balanceCents)} due. View and pay: ${o.link}` : `paid in full. View it: ${o.link}`;
  return `${o.business.name}: invoice ${inv.number} for your ${inv.serviceName}, ${state} Reply STOP to stop texts.`;
}
