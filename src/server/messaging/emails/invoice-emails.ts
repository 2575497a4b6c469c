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

/** A paid invoice's receipt email (decision 0021): the invoice's facts, the tip and, when it rides along, the review request. */
export interface InvoiceReceiptFacts extends InvoiceMessageFacts {
  tipCents: number;
}

/** The paid invoice as a table: its lines and total, then the deposit, the payments, the tip and the balance. */
function receiptTable(inv: InvoiceReceiptFacts): EmailJobLines {
  const table = invoiceTable(inv);
  const after = [];
  if (inv.depositCreditCents > 0) after.push({ item: 'Deposit paid', amount: `−${money(inv.depositCreditCents)}` });
  if (inv.paidCents > 0) after.push({ item: 'Paid', amount: `−${money(inv.paidCents)}` });
  after.push({ item: 'Balance', amount: money(inv.balanceCents) });
  if (inv.tipCents > 0) after.push({ item: 'Tip, thank you!', amount: money(inv.tipCents) });
  return { ...table, caption: `Receipt for invoice ${inv.number}`, after };
}

/**
 * To the customer once, when the invoice becomes paid: the receipt, with its PDF attached by the
 * caller (made when the email goes out). `review` is the review request's link when it goes with
 * the receipt (the customer gets one message after the job, not two: decision 0021); otherwise
 * `link` is the invoice's, to see the receipt online. Either carries LINK_TOKEN.
 */
export function invoiceReceiptEmail(inv: InvoiceReceiptFacts, o: { business: BusinessFacts } & ({ review: string } | { link: string })): OutgoingEmail {
  const { business } = o;
  const paragraphs = [
    `Hi ${inv.customerName}, thank you for your payment for your ${inv.serviceName} on ${formatLongDate(inv.jobDate)}. Invoice ${inv.number} is paid in full; your receipt is attached as a PDF.`,
  ];
  if ('review' in o) {
    paragraphs.push(
      'How did we do? Would you take a minute to tell your neighbors how it went? Rate the job and leave a few words here:',
      o.review,
      `The review link is yours alone and takes one review. Something not right with the job? Call us at ${business.phone} and we will make it right.`,
    );
  } else {
    paragraphs.push('You can also see the receipt online:', o.link, `Questions about the receipt? Call us at ${business.phone}.`);
  }
  const body = renderEmail({ business, heading: `Thank you! Invoice ${inv.number} is paid`, paragraphs, job: receiptTable(inv) });
  return {
    kind: 'invoice_receipt',
    to: inv.email,
    subject: `Receipt for invoice ${inv.number} from ${business.name}: paid in full`,
    ...body,
    dedupeKey: `invoice-receipt-${inv.id}`,
  };
}

/**
 * A reminder of a sent invoice still owed, 3 and then 7 days after it was sent (`n` is 1 or 2),
 * with a fresh link to see and pay it (LINK_TOKEN in `link`). One per invoice and number.
 */
export function invoiceReminderEmail(inv: InvoiceMessageFacts, n: number, o: { link: string; business: BusinessFacts }): OutgoingEmail {
  const { business } = o;
  const body = renderEmail({
    business,
    heading: `A reminder: invoice ${inv.number}`,
    paragraphs: [
      `Hi ${inv.customerName}, a friendly reminder that invoice ${inv.number} for your ${inv.serviceName} on ${formatLongDate(inv.jobDate)} has a balance of ${money(inv.balanceCents)}.`,
      'Pay it by card from your phone, and add a tip for the crew if you like:',
      o.link,
      `The link is yours alone. Paid already, or questions about the invoice? Call us at ${business.phone}.`,
    ],
    job: invoiceTable(inv),
  });
  return {
    kind: 'invoice_reminder',
    to: inv.email,
    subject: `Reminder: invoice ${inv.number} from ${business.name}: ${money(inv.balanceCents)} due`,
    ...body,
    dedupeKey: `invoice-reminder-${inv.id}-${n}`,
  };
}

/** The text that goes with a reminder's email to a customer who asked for texts. */
export function invoiceReminderTextBody(inv: InvoiceMessageFacts, o: { link: string; business: BusinessFacts }): string {
  return `${o.business.name}: a reminder that invoice ${inv.number} for your ${inv.serviceName} has ${money(inv.balanceCents)} due. View and pay: ${o.link} Reply STOP to stop texts.`;
}
