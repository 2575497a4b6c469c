import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { parseMail, pdfText, type ParsedMail } from '../tests/helpers/smtp';
import { emailedLink, signInAsOwner } from './helpers/owner';
import { fillCard } from './helpers/booking-flow';
import { bookableStart, type OfferedStarts } from './helpers/booking-days';
import { expectNoAxeViolations, jobCard, SPEC_DAYS, toasts, uniqueEmail } from './helpers/site';

// Issue 23: the owner completes a job on Today and sends its invoice; the customer pays it from the
// emailed link on a phone, with a tip, after a declined card; then sees the receipt. Days 1 and 2 ahead are this spec's.
test.use({ viewport: { width: 375, height: 812 } });

// Screenshots to look at after a run, kept with the run's other results.
const SHOTS = join(process.env.TEST_RESULTS_DIR ?? 'test-results', 'shots');
const SERVICE = 'furniture-assembly';

/** Amounts as the invoice writes them: "$1,258.00". */
const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** "June 10, 2026" for 2026-06-10. */
const longDay = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

type Invoice = { number: string; status: string; totalCents: number; depositCreditCents: number; paidCents: number; tipCents: number; balanceCents: number; jobPriceCents: number; invoiceDate: string; paidDate: string | null };

/** The receipt emailed to `to` (with its PDF), read from the .eml files the e2e server writes. */
async function emailedReceipt(to: string): Promise<ParsedMail> {
  const outbox = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let found: ParsedMail | undefined;
  await expect
    .poll(
      () => {
        for (const f of existsSync(outbox) ? readdirSync(outbox).filter((name) => name.endsWith('.eml')) : []) {
          const raw = readFileSync(join(outbox, f), 'utf8');
          if (!raw.includes(`To: ${to}`)) continue;
          const mail = parseMail(raw);
          if (mail.attachments.some((a) => a.contentType === 'application/pdf')) found = mail;
        }
        return found !== undefined;
      },
      { timeout: 20_000, message: 'the receipt email reaches the outbox' },
    )
    .toBe(true);
  return found!;
}

/** A dollar amount as Numbers writes it ("$1,250", "$47.60") in cents. */
const centsOf = (text: string) => Math.round(Number(text.replace(/[$,\s]/g, '')) * 100);

/**
 * Two dressers booked through the API at a start the server offers for them, the $50 deposit paid
 * with the demo card, completed by the owner and its invoice sent: the link the customer is emailed.
 */
async function sentInvoice(owner: Page, email: string): Promise<{ path: string; number: string }> {
  const request = owner.request;
  const list = (await (await request.get('/api/price-list')).json()) as { serviceType: string; items: { id: number; name: string }[] }[];
  const dresser = list.find((s) => s.serviceType === SERVICE)!.items.find((i) => i.name === 'Dresser')!;
  const items = [{ id: dresser.id, quantity: 2, addOns: [] }];
  const quote = (await (await request.post('/api/quote', { data: { serviceType: SERVICE, items } })).json()) as { minutes: number; twoPeople: boolean };
  const minutes = Math.ceil(quote.minutes / 15) * 15;
  // The starts offered for this job (its own length), not the service's.
  const jobStarts: OfferedStarts = async (day) => {
    const res = await request.get(`/api/time-slots?date=${day}&serviceType=${SERVICE}&minutes=${minutes}&twoPeople=${quote.twoPeople}`);
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { slotTime: string }[]).map((s) => s.slotTime);
  };
  const { day, starts } = await bookableStart(jobStarts, { now: new Date(), serviceType: SERVICE, ...SPEC_DAYS.invoice });
  let bookingId: number | undefined;
  for (const time of starts) {
    const res = await request.post('/api/bookings', {
      data: { serviceType: SERVICE, items, bookingDate: day, bookingTime: time, fullName: 'Taylor Brooks', phone: '(310) 555-0163', email, address: '2200 Ocean Park Blvd, Santa Monica, CA 90405' },
    });
    // Taken meanwhile (another run on this server): the next start.
    if (res.status() === 409) continue;
    expect(res.status(), await res.text()).toBe(201);
    bookingId = ((await res.json()) as { id: number }).id;
    break;
  }
  expect(bookingId, `a start for two dressers on ${day}`).toBeDefined();
  await payDeposit(request, bookingId!);

  // The owner, on a phone, completes the job on Today and sends its invoice as drafted.
  await owner.goto('/admin');
  const today = owner.getByRole('tabpanel', { name: 'Today' });
  await today.getByLabel('Go to date').fill(day);
  const card = jobCard(today, bookingId!);
  await card.getByRole('button', { name: `Complete job #${bookingId}` }).click();
  await owner.getByRole('dialog', { name: `Complete job #${bookingId}` }).getByRole('button', { name: 'Mark completed' }).click();
  await expect(toasts(owner).filter({ hasText: `Booking #${bookingId} is marked completed. Its invoice is ready to send;` })).toBeVisible();
  await card.getByRole('button', { name: `Invoice (draft) for job #${bookingId}` }).click();
  const dialog = owner.getByRole('dialog', { name: new RegExp(`^Invoice (for job #${bookingId}|INV-\\d{4}-\\d{4})$`) });
  await dialog.getByRole('button', { name: 'Send invoice' }).click();
  const sent = dialog.getByRole('status').filter({ hasText: 'Invoice Sent' });
  await expect(sent).toContainText(`is sent to ${email}.`);
  const number = /INV-\d{4}-\d{4}/.exec((await sent.textContent()) ?? '')![0];
  await dialog.getByRole('button', { name: 'Close' }).click();
  return { path: await emailedLink(email, /\/invoice\/[\w-]{43}/, 'the invoice email'), number };
}

async function payDeposit(request: APIRequestContext, bookingId: number) {
  const intent = await request.post('/api/create-payment-intent', { data: { bookingId } });
  expect(intent.status(), await intent.text()).toBe(200);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const paid = await request.post('/api/payments/demo/confirm', { data: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' } });
  expect(paid.status(), await paid.text()).toBe(200);
}

/** A row of a sums table: its label, then its amount. */
const rowText = (label: string, amount: string) => new RegExp(`^${label.replace(/[()$.]/g, '\\$&')}\\s*${amount.replace(/[$.]/g, '\\$&')}$`);

const invoiceOf = async (request: APIRequestContext, path: string) => (await (await request.get(`/api${path.replace('/invoice/', '/invoices/')}`)).json()) as Invoice;

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/${name}-375.png`, fullPage: true });
}

test('the customer pays the balance with a 20% tip after a declined card, and gets the receipt', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signInAsOwner(page);
  const email = uniqueEmail('invoice');
  const { path, number } = await sentInvoice(page, email);

  // The customer, on a phone, in a browser of their own.
  const customer = await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage();
  const opened = await customer.goto(path);
  expect(opened?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  const before = await invoiceOf(customer.request, path);
  expect(before).toMatchObject({ status: 'sent', depositCreditCents: 5_000, paidCents: 0, tipCents: 0, jobPriceCents: before.totalCents });

  const invoice = customer.getByRole('article', { name: 'Your Invoice' });
  await expect(invoice.getByRole('heading', { level: 1, name: 'Your Invoice' })).toBeVisible();
  await expect(customer).toHaveTitle(/^Your Invoice \| /);
  await expect(customer.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(invoice).toContainText(number);
  await expect(invoice).toContainText(longDay(before.invoiceDate));
  await expect(invoice).toContainText('Taylor Brooks');
  await expect(invoice.getByRole('link', { name: /^\(\d{3}\) \d{3}-\d{4}$/ })).toHaveAttribute('href', /^tel:/);
  const lines = invoice.getByRole('table', { name: `Invoice ${number}` });
  await expect(lines.getByRole('row').filter({ hasText: '2 × Dresser' })).toContainText(money(before.totalCents));
  const row = (label: string) => lines.getByRole('row').filter({ has: customer.getByRole('rowheader', { name: label, exact: true }) });
  await expect(row('Total')).toHaveText(rowText('Total', money(before.totalCents)));
  await expect(row('Deposit paid')).toHaveText(rowText('Deposit paid', '−$50.00'));
  await expect(row('Balance due')).toHaveText(rowText('Balance due', money(before.balanceCents)));
  await expect(customer.getByRole('button', { name: `Pay ${money(before.balanceCents)}` })).toBeVisible();
  await expectNoAxeViolations(customer);
  await shoot(customer, 'invoice-unpaid');

  // A tip above the job's price: the server's word, under the field.
  await fillCard(customer, '4000 0000 0000 0002');
  const tips = customer.getByRole('group', { name: 'Add a tip' });
  await tips.getByRole('radio', { name: 'Other amount' }).check();
  const other = tips.getByLabel('Tip in dollars');
  await other.fill(String(before.totalCents / 100 + 1));
  await customer.getByRole('button', { name: /^Pay \$/ }).click();
  const tooMuch = `A tip can be at most ${money(before.totalCents)}, the job's price.`;
  await expect(tips.getByText(tooMuch)).toBeVisible();
  await expect(other).toBeFocused();
  await expect(other).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(customer);

  // 20 % of the job's price before the deposit, in dollars; the amount to pay follows.
  const tip = Math.floor((before.totalCents * 20 + 50) / 100);
  const toPay = before.balanceCents + tip;
  await tips.getByRole('radio', { name: `20% (${money(tip)})` }).check();
  await expect(tips.getByText(tooMuch)).toHaveCount(0);
  await expect(customer.getByRole('definition').filter({ hasText: money(toPay) })).toBeVisible();
  await shoot(customer, 'invoice-tip');

  // Declined: said, and the invoice is still unpaid.
  await customer.getByRole('button', { name: `Pay ${money(toPay)}` }).click();
  const toast = toasts(customer).first();
  await expect(toast).toContainText('Payment Failed');
  await expect(toast).toContainText('Your card was declined.');
  await expect(customer.getByRole('button', { name: `Pay ${money(toPay)}` })).toBeEnabled();
  expect(await invoiceOf(customer.request, path)).toMatchObject({ status: 'sent', paidCents: 0, tipCents: 0, balanceCents: before.balanceCents });

  // The test card that succeeds: the receipt, with the tip.
  await customer.getByRole('main').getByLabel('Card number').fill('4242 4242 4242 4242');
  await customer.getByRole('button', { name: `Pay ${money(toPay)}` }).click();
  const receipt = customer.getByRole('article', { name: 'Receipt' });
  await expect(receipt.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
  await expect(customer).toHaveURL(new RegExp(`${path}$`));
  const after = await invoiceOf(customer.request, path);
  expect(after).toMatchObject({ status: 'paid', paidCents: before.balanceCents, tipCents: tip, balanceCents: 0 });
  await expect(receipt).toContainText('Paid');
  await expect(receipt.getByRole('status')).toHaveText(`Thank you! Invoice ${number} is paid in full (${longDay(after.paidDate!)}). A receipt was emailed to ${email}.`);
  const payments = receipt.getByRole('table', { name: 'Payments received' });
  const paidOn = longDay(after.paidDate!);
  await expect(payments.getByRole('row')).toHaveText([
    rowText('Deposit', '$50.00'),
    rowText(`Card, ${paidOn}`, money(before.balanceCents)),
    rowText(`Tip (Card, ${paidOn})`, money(tip)),
    rowText('Total paid', money(before.totalCents + tip)),
  ]);
  await expectNoAxeViolations(customer);
  await shoot(customer, 'invoice-receipt');

  // The emailed receipt's PDF, and the page's download of it, read back: the number, the total, the tip.
  const mail = await emailedReceipt(email);
  const attached = mail.attachments.find((a) => a.contentType === 'application/pdf')!;
  expect(attached.filename).toBe(`receipt-${number}.pdf`);
  for (const pdf of [attached.content, await (async () => {
    const href = await receipt.getByRole('link', { name: 'Download the receipt (PDF)' }).getAttribute('href');
    const res = await customer.request.get(href!);
    expect(res.headers()['content-type']).toBe('application/pdf');
    return res.body();
  })()]) {
    const text = await pdfText(pdf);
    expect(text).toContain(number);
    expect(text).toContain(money(before.totalCents));
    expect(text).toContain(money(tip));
  }

  // The owner's Numbers: this week's balances and tips hold this payment (other specs may add theirs).
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Numbers' }).click();
  const taken = page.getByRole('tabpanel', { name: 'Numbers' }).getByRole('region', { name: 'Money taken per week' });
  await taken.getByText('Show as table').click();
  const thisWeek = taken.getByRole('table', { name: 'Money taken per week (by the day it came in)' }).getByRole('row').filter({ hasText: 'This week' });
  const cells = thisWeek.getByRole('cell');
  // When, Deposits, Balances, Tips, Refunded.
  await expect(cells).toHaveCount(5);
  expect(centsOf((await cells.nth(2).textContent()) ?? '')).toBeGreaterThanOrEqual(before.balanceCents);
  expect(centsOf((await cells.nth(3).textContent()) ?? '')).toBeGreaterThanOrEqual(tip);

  // Opened again later: the receipt straight away, with no form to pay.
  await customer.reload();
  await expect(receipt.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
  await expect(customer.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await customer.context().close();
});

test('a link that opens no invoice says so, with a way to reach the business', async ({ page }) => {
  await page.goto(`/invoice/${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This link is no longer valid.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  await expect(page.getByRole('main').getByRole('link', { name: /^\(\d{3}\) \d{3}-\d{4}$/ })).toHaveAttribute('href', /^tel:/);
  await expectNoAxeViolations(page);
  await shoot(page, 'invoice-dead-link');
});
