import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { addDays } from 'date-fns';
import { axeViolations, describeViolations } from './helpers/axe';
import { emailedLink, signInAsOwner } from './helpers/owner';
import { businessToday, iso, jobCard, SPEC_DAYS, toasts, uniqueEmail } from './helpers/site';

// Issue 23: the owner closes a job from Today on a phone. It books the first free start 76 to 79 days ahead.
test.use({ viewport: { width: 375, height: 800 } });

const SHOTS = join(process.env.TEST_RESULTS_DIR ?? 'test-results', 'shots');

/** A paid, confirmed TV-mounting job (booked as a whole) at the first start the server offers. */
async function paidJob(page: Page, email: string): Promise<{ id: number; date: string }> {
  const { fromDay, toDay } = SPEC_DAYS.invoices;
  for (let d = fromDay; d <= toDay; d += 1) {
    const date = iso(addDays(businessToday(), d));
    const slots = await page.request.get(`/api/time-slots?date=${date}&serviceType=tv-mounting`);
    expect(slots.ok(), await slots.text()).toBe(true);
    for (const { slotTime } of (await slots.json()) as { slotTime: string }[]) {
      const created = await page.request.post('/api/bookings', {
        data: { serviceType: 'tv-mounting', bookingDate: date, bookingTime: slotTime, fullName: 'Indy Invoice', phone: '(310) 555-0177', email, address: '1550 Ocean Front Walk, Santa Monica, CA 90401' },
      });
      if (created.status() === 409) continue;
      expect(created.status(), await created.text()).toBe(201);
      const { id } = (await created.json()) as { id: number };
      // The deposit, with the demo provider's test card, as the booking page pays it.
      const intent = await page.request.post('/api/create-payment-intent', { data: { bookingId: id } });
      expect(intent.ok(), await intent.text()).toBe(true);
      const { clientSecret } = (await intent.json()) as { clientSecret: string };
      const paid = await page.request.post('/api/payments/demo/confirm', { data: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' } });
      expect(paid.ok(), await paid.text()).toBe(true);
      return { id, date };
    }
  }
  throw new Error(`no start for TV mounting from ${fromDay} to ${toDay} days ahead`);
}

async function expectNoViolations(page: Page, what: string) {
  const violations = await axeViolations(page);
  expect(violations, `${what}\n${describeViolations(violations)}`).toEqual([]);
}

test('at 375 px the owner completes a job, adds materials and a discount to its invoice, sends it, and records a cash payment', async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const email = uniqueEmail('invoice-owner');
  await signInAsOwner(page);
  const job = await paidJob(page, email);
  const confirmed = await page.request.post(`/api/admin/bookings/${job.id}/status`, { data: { status: 'confirmed' } });
  expect([200, 409]).toContain(confirmed.status());
  const service = ((await (await page.request.get('/api/services')).json()) as { slug: string; name: string; price: number }[]).find((s) => s.slug === 'tv-mounting')!;
  const price = service.price;

  await page.goto('/admin');
  const today = page.getByRole('tabpanel', { name: 'Today' });
  await today.getByLabel('Go to date').fill(job.date);
  const card = jobCard(today, job.id);
  await card.getByRole('button', { name: `Complete job #${job.id}` }).click();
  await page.getByRole('dialog', { name: `Complete job #${job.id}` }).getByRole('button', { name: 'Mark completed' }).click();
  await expect(toasts(page).filter({ hasText: `Booking #${job.id} is marked completed.` })).toBeVisible();

  // The draft: the job at its service's price, the $50 deposit credited.
  await card.getByRole('button', { name: `Invoice (draft) for job #${job.id}` }).click();
  // Named for its job until it is sent, then for its number.
  const dialog = page.getByRole('dialog', { name: new RegExp(`^Invoice (for job #${job.id}|INV-\\d{4}-\\d{4})$`) });
  const sums = dialog.getByRole('definition');
  await expect(dialog.getByLabel('Description')).toHaveValue(service.name);
  await expect(dialog.getByLabel('Unit price ($)')).toHaveValue(String(price / 100));
  await expect(dialog.getByText('Deposit paid')).toBeVisible();
  await expect(sums.last()).toHaveText(`$${(price - 5000) / 100}.00`);

  // A bad price is named under its box.
  await dialog.getByRole('button', { name: 'Add a line' }).click();
  await dialog.getByLabel('Description').nth(1).fill('Wall mount bracket');
  await dialog.getByLabel('Unit price ($)').nth(1).fill('forty');
  await dialog.getByRole('button', { name: 'Send invoice' }).click();
  await expect(dialog.getByLabel('Unit price ($)').nth(1)).toHaveAccessibleDescription('Enter a price in dollars from 0 to 100000, such as 89 or 89.50');
  // Said in the dialog: a modal hides the toasts from screen readers.
  await expect(dialog.getByRole('alert')).toHaveText('Invoice Not Saved. Enter a price in dollars from 0 to 100000, such as 89 or 89.50');

  // Materials at $45, a $10 discount: total = price + 45 − 10 (no tax rate set), less the deposit.
  await dialog.getByLabel('Unit price ($)').nth(1).fill('45');
  await dialog.getByLabel('Materials (taxed)').nth(1).check();
  await dialog.getByLabel('Discount ($)').fill('10');
  const total = price + 4500 - 1000;
  const due = total - 5000;
  const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  await expect(dialog.getByRole('term').filter({ hasText: /^Total$/ }).locator('..')).toContainText(money(total));
  await expectNoViolations(page, 'the invoice dialog at 375 px');
  await page.screenshot({ path: `${SHOTS}/invoice-owner-draft-375.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Send invoice' }).click();
  const sent = dialog.getByRole('status').filter({ hasText: 'Invoice Sent' });
  await expect(sent).toHaveText(new RegExp(`^Invoice Sent\\. Invoice INV-\\d{4}-\\d{4} is sent to ${email.replace(/[.+]/g, '\\$&')}\\.$`));
  const number = /INV-\d{4}-\d{4}/.exec((await sent.textContent()) ?? '')![0];

  // The customer got a link to pay it.
  expect(await emailedLink(email, /\/invoice\/[\w-]+/, 'the invoice email')).toMatch(/\/invoice\/[\w-]+$/);

  // $20 in cash now: partly paid, the rest still due, shown on the card.
  const amount = dialog.getByLabel('Amount ($)');
  await expect(amount).toHaveValue(String(due / 100));
  await amount.fill('20');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog.getByRole('status')).toContainText('Payment Recorded.');
  await expect(dialog.getByRole('list', { name: 'Payments' })).toContainText('Cash');
  await expect(dialog.getByRole('list', { name: 'Payments' })).toContainText('$20.00');
  await expect(dialog.getByText('Partly paid', { exact: true })).toBeVisible();
  // Paid in part: the lines stay as sent, and it cannot be voided.
  await expect(dialog.getByRole('table', { name: "The invoice's lines" })).toContainText('1 × Wall mount bracket (materials)');
  await expect(dialog.getByRole('button', { name: 'Void invoice' })).toHaveCount(0);
  await expectNoViolations(page, 'a partly paid invoice at 375 px');
  await page.screenshot({ path: `${SHOTS}/invoice-owner-partly-paid-375.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(card.getByRole('button', { name: `${number} · ${money(due - 2000)} due for job #${job.id}` })).toBeVisible();
});
