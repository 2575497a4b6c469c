import PDFDocument from 'pdfkit';
import { formatBookingDate } from '../../../shared/business-time';
import { formatCents } from '../../../shared/money';

/**
 * The receipt of a paid invoice as a PDF (issue 23): the business as the owner describes it, the
 * invoice's number and dates, its lines, discount, tax and total, the deposit credited, each
 * payment with its tip, and the balance. Pure: the facts in, the file's bytes out; no clock, no
 * database. Letter size, the PDF's built-in Helvetica (nothing is read from the network or a font
 * file of ours), so text outside its Latin-1 set is written as "?" rather than as stray glyphs.
 */

export type ReceiptPaymentMethod = 'card' | 'cash' | 'check' | 'zelle' | 'venmo';

export interface ReceiptData {
  business: { name: string; address: string; serviceArea: string; phone: string; email: string };
  number: string;
  /** yyyy-MM-dd on the business's calendar: when the invoice was issued (sent, or first paid). */
  issuedOn: string;
  /** yyyy-MM-dd: when it was paid in full; null while a balance is left. */
  paidOn: string | null;
  jobDate: string;
  serviceName: string;
  customer: { name: string; email: string; address: string };
  lines: readonly { description: string; quantity: number; unitCents: number; amountCents: number; taxable: boolean }[];
  subtotalCents: number;
  discountCents: number;
  taxRateBps: number;
  taxCents: number;
  totalCents: number;
  depositCreditCents: number;
  /** Oldest first; `amountCents` is toward the balance, `tipCents` the tip given with it (card payments). */
  payments: readonly { method: ReceiptPaymentMethod; date: string; amountCents: number; tipCents: number }[];
  paidCents: number;
  tipCents: number;
  /** Given back to the customer's card at the owner's request (not an overpayment returned at once). */
  refundedCents: number;
  balanceCents: number;
}

const METHOD_LABELS: Record<ReceiptPaymentMethod, string> = { card: 'Card', cash: 'Cash', check: 'Check', zelle: 'Zelle', venmo: 'Venmo' };

const money = (cents: number) => formatCents(cents, { alwaysCents: true });
const minus = (cents: number) => `-${money(cents)}`;

/** Characters Helvetica's WinAnsi encoding has besides Latin-1 (pdfkit's standard fonts write only these). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** `text` in what the built-in fonts can show: the minus sign as a hyphen, anything else unknown as "?". */
export function pdfSafe(text: string): string {
  let out = '';
  for (const ch of text.replace(/\u2212/g, '-')) {
    const code = ch.codePointAt(0)!;
    if (ch === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else out += '?';
  }
  return out;
}

const INK = '#141414';
const MUTED = '#5f5f5f';
const RULE = '#d9d9d9';
const ACCENT = '#9a7b1c';
const PAID = '#1f7a3d';

/** The receipt of `data` as a PDF file. */
export async function renderReceiptPdf(data: ReceiptData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: 54, bottom: 54, left: 54, right: 54 },
    info: { Title: pdfSafe(`Receipt ${data.number}`), Author: pdfSafe(data.business.name), Subject: pdfSafe(`Receipt for invoice ${data.number}`) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  drawReceipt(doc, data);
  doc.end();
  return finished;
}

function drawReceipt(doc: PDFKit.PDFDocument, data: ReceiptData) {
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  const text = (s: string) => pdfSafe(s);

  // The business, and the receipt's title on the right.
  const b = data.business;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(20).text(text(b.name), left, 54, { width: width * 0.62 });
  doc.font('Helvetica').fontSize(9.5).fillColor(MUTED);
  for (const line of [b.address, b.serviceArea, b.phone, b.email].filter((l) => l.trim() !== '')) doc.text(text(line), { width: width * 0.62 });
  const businessBottom = doc.y;
  doc.font('Helvetica-Bold').fontSize(22).fillColor(ACCENT).text('RECEIPT', left, 54, { width, align: 'right' });
  const settled = data.balanceCents === 0;
  doc.font('Helvetica-Bold').fontSize(11).fillColor(settled ? PAID : INK).text(settled ? 'PAID IN FULL' : `BALANCE DUE ${money(data.balanceCents)}`, { width, align: 'right' });

  let y = Math.max(businessBottom, doc.y) + 18;
  rule(doc, left, right, y);
  y += 14;

  // Billed to, and the invoice's facts.
  const half = width / 2;
  doc.font('Helvetica-Bold').fontSize(8.5).fillColor(MUTED).text('BILLED TO', left, y);
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  for (const line of [data.customer.name, data.customer.address, data.customer.email].filter((l) => l.trim() !== '')) doc.text(text(line), { width: half - 12 });
  const billedBottom = doc.y;
  const facts: [string, string][] = [
    ['Invoice', data.number],
    ['Invoice date', formatBookingDate(data.issuedOn)],
    ...(data.paidOn ? ([['Paid on', formatBookingDate(data.paidOn)]] as [string, string][]) : []),
    ['Job', `${data.serviceName}, ${formatBookingDate(data.jobDate)}`],
  ];
  let fy = y;
  for (const [label, value] of facts) {
    doc.font('Helvetica').fontSize(9.5).fillColor(MUTED).text(label, left + half, fy, { width: 80 });
    doc.font('Helvetica-Bold').fillColor(INK).text(text(value), left + half + 84, fy, { width: half - 84, align: 'right' });
    fy = doc.y + 3;
  }
  y = Math.max(billedBottom, fy) + 18;

  // The lines.
  const cols = { qty: left, desc: left + 40, unit: right - 170, amount: right - 80 };
  const header = (at: number, labels: [string, number, number, 'left' | 'right'][]) => {
    doc.font('Helvetica-Bold').fontSize(8.5).fillColor(MUTED);
    for (const [label, x, w, align] of labels) doc.text(label, x, at, { width: w, align });
    rule(doc, left, right, at + 14);
    return at + 22;
  };
  y = header(y, [
    ['QTY', cols.qty, 36, 'left'],
    ['DESCRIPTION', cols.desc, cols.unit - cols.desc - 10, 'left'],
    ['UNIT PRICE', cols.unit, 80, 'right'],
    ['AMOUNT', cols.amount, 80, 'right'],
  ]);
  for (const line of data.lines) {
    y = roomFor(doc, y, 24);
    const description = line.taxable ? `${line.description} (materials, taxed)` : line.description;
    doc.font('Helvetica').fontSize(10).fillColor(INK);
    const bottom = Math.max(
      cell(doc, String(line.quantity), cols.qty, y, 36),
      cell(doc, text(description), cols.desc, y, cols.unit - cols.desc - 10),
      cell(doc, money(line.unitCents), cols.unit, y, 80, 'right'),
      cell(doc, money(line.amountCents), cols.amount, y, 80, 'right'),
    );
    y = bottom + 6;
  }
  rule(doc, left, right, y);
  y += 10;

  // The sums, right-aligned under the amounts.
  const sums: [string, string, 'normal' | 'strong'][] = [['Subtotal', money(data.subtotalCents), 'normal']];
  if (data.discountCents > 0) sums.push(['Discount', minus(data.discountCents), 'normal']);
  if (data.taxCents > 0) sums.push([`Tax on materials (${data.taxRateBps / 100}%)`, money(data.taxCents), 'normal']);
  sums.push(['Total', money(data.totalCents), 'strong']);
  if (data.depositCreditCents > 0) sums.push(['Deposit paid', minus(data.depositCreditCents), 'normal']);
  if (data.paidCents > 0) sums.push(['Payments', minus(data.paidCents), 'normal']);
  sums.push(['Balance', money(data.balanceCents), 'strong']);
  if (data.tipCents > 0) sums.push(['Tip, thank you!', money(data.tipCents), 'normal']);
  sums.push(['Total paid', money(data.depositCreditCents + data.paidCents + data.tipCents), 'strong']);
  if (data.refundedCents > 0) sums.push(['Refunded to your card', minus(data.refundedCents), 'normal']);
  y = roomFor(doc, y, sums.length * 18);
  const labelX = right - 260;
  for (const [label, value, weight] of sums) {
    doc.font(weight === 'strong' ? 'Helvetica-Bold' : 'Helvetica').fontSize(weight === 'strong' ? 11 : 10).fillColor(INK);
    doc.text(label, labelX, y, { width: 170, align: 'right' });
    doc.text(value, cols.amount, y, { width: 80, align: 'right' });
    y = doc.y + 5;
  }
  y += 14;

  // Every payment, with its tip.
  y = roomFor(doc, y, 60);
  doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text('Payments', left, y);
  y = doc.y + 8;
  const pay = { date: left, method: left + 150, amount: right - 170, tip: right - 80 };
  y = header(y, [
    ['DATE', pay.date, 140, 'left'],
    ['METHOD', pay.method, 120, 'left'],
    ['AMOUNT', pay.amount, 80, 'right'],
    ['TIP', pay.tip, 80, 'right'],
  ]);
  const rows: { date: string; method: string; amount: string; tip: string }[] = [];
  if (data.depositCreditCents > 0) rows.push({ date: 'At booking', method: 'Deposit', amount: money(data.depositCreditCents), tip: '' });
  for (const p of data.payments) {
    rows.push({ date: formatBookingDate(p.date), method: METHOD_LABELS[p.method], amount: money(p.amountCents), tip: p.tipCents > 0 ? money(p.tipCents) : '' });
  }
  if (rows.length === 0) rows.push({ date: '', method: 'No payments', amount: '', tip: '' });
  for (const r of rows) {
    y = roomFor(doc, y, 18);
    doc.font('Helvetica').fontSize(10).fillColor(INK);
    const bottom = Math.max(cell(doc, r.date, pay.date, y, 140), cell(doc, r.method, pay.method, y, 120), cell(doc, r.amount, pay.amount, y, 80, 'right'), cell(doc, r.tip, pay.tip, y, 80, 'right'));
    y = bottom + 5;
  }
  rule(doc, left, right, y);
  y += 24;

  // Thanks, and whom to call.
  y = roomFor(doc, y, 40);
  doc.font('Helvetica-Bold').fontSize(10.5).fillColor(INK).text(text(`Thank you for choosing ${b.name}.`), left, y, { width, align: 'center' });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(text(`Questions about this receipt? Call ${b.phone} or email ${b.email}.`), { width, align: 'center' });
}

/** Writes one table cell at (`x`, `y`); the bottom of what it wrote (`y` for an empty cell). */
function cell(doc: PDFKit.PDFDocument, value: string, x: number, y: number, width: number, align: 'left' | 'right' = 'left'): number {
  if (value === '') return y;
  doc.text(value, x, y, { width, align });
  return doc.y;
}

function rule(doc: PDFKit.PDFDocument, from: number, to: number, y: number) {
  doc.save().moveTo(from, y).lineTo(to, y).lineWidth(0.75).strokeColor(RULE).stroke().restore();
}

/** `y`, or the top of a new page when `height` more would not fit on this one. */
function roomFor(doc: PDFKit.PDFDocument, y: number, height: number): number {
  if (y + height <= doc.page.height - doc.page.margins.bottom) return y;
  doc.addPage();
  return doc.page.margins.top;
}
