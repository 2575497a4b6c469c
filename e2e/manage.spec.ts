import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { format } from 'date-fns';
import { fillCard, fillDetails, pickDate, pickFirstSlot } from './helpers/booking-flow';
import { emailedLink } from './helpers/owner';
import { bookableStart, expectNoAxeViolations, signUpAndSignIn, SPEC_DAYS, toasts, uniqueEmail } from './helpers/site';

// Guests manage their booking by the private link in the confirmation email. Booking days 51 to
// 60 ahead (SPEC_DAYS.manage; other specs use other days: dashboard.spec takes 40 to 50), each a
// day the server offers a TV mounting start on. The business's address is the server's default
// BUSINESS_EMAIL (playwright.config.ts sets none).
const BUSINESS_EMAIL = 'owner@westsideassembly.example';

/** Whether an email to `to` containing `text` is in the e2e server's outbox (.eml files). */
function outboxHas(to: string, text: string): boolean {
  const outbox = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  if (!existsSync(outbox)) return false;
  return readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .some((f) => {
      const eml = readFileSync(join(outbox, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      return eml.includes(`To: ${to}`) && eml.includes(text);
    });
}

/** The n-th day of this spec's days with a TV mounting start offered. */
const tvDay = async (page: Page, n: number) => (await bookableStart(page.request, { serviceType: 'tv-mounting', ...SPEC_DAYS.manage, n })).date;

/** Books and pays as a guest on /book; returns the email used, the day and the time. */
async function bookAsGuest(page: Page, date: Date, email = uniqueEmail('manage')) {
  await page.goto('/book');
  await page.getByRole('main').getByLabel('Service Type').selectOption('tv-mounting');
  await pickDate(page, date);
  const time = await pickFirstSlot(page);
  await fillDetails(page, email);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Complete Your Booking' })).toBeVisible();
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay $50.00 Deposit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed!' })).toBeVisible();
  return { email, time };
}

test.describe('the manage link', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('from the confirmation email: change the time (the business is emailed), then cancel with the refund', async ({ page }) => {
    const date = await tvDay(page, 0);
    const { email, time } = await bookAsGuest(page, date);

    // The confirmation page offers the calendar links from what this browser kept.
    const google = page.getByRole('link', { name: /Add to Google Calendar/ });
    await expect(google).toHaveAttribute('href', /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&text=TV\+Mounting/);
    await expect(page.getByRole('link', { name: /Download calendar file/ })).toHaveAttribute('href', /^data:text\/calendar/);

    const link = await emailedLink(email, /\/booking\/[A-Za-z0-9_-]{43}/, 'the confirmation email');
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Your booking' })).toBeVisible();
    await expect(page.getByText(format(date, 'EEEE, MMMM d, yyyy'))).toBeVisible();
    await expect(page.getByText(new RegExp(`^${time} to `))).toBeVisible();
    await expect(page.getByText('$50 deposit paid')).toBeVisible();
    await expect(page.getByText('If you cancel now, your $50 deposit will be refunded to your card.')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expectNoAxeViolations(page);

    // Change the time: another day, its first offered start.
    const newDate = await tvDay(page, 2);
    await page.getByRole('button', { name: 'Change time' }).click();
    await pickDate(page, newDate);
    const starts = page.getByRole('group', { name: `Available start times on ${format(newDate, 'EEEE, MMMM d, yyyy')}` });
    const first = starts.getByRole('button').first();
    await expect(first).toBeVisible();
    const newTime = (await first.textContent())!.trim();
    await first.click();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: `Move to ${format(newDate, 'EEEE, MMMM d, yyyy')} at ${newTime}` }).click();
    await expect(page.getByRole('status').filter({ hasText: `Your appointment is now on ${format(newDate, 'EEEE, MMMM d, yyyy')} at ${newTime}.` })).toBeVisible();
    await expect(page.getByText(format(newDate, 'EEEE, MMMM d, yyyy'), { exact: true })).toBeVisible();
    await expect(page.getByText(new RegExp(`^${newTime} to `))).toBeVisible();
    await expect.poll(() => outboxHas(BUSINESS_EMAIL, 'moved their TV Mounting appointment'), { timeout: 20_000, message: 'the email to the business' }).toBe(true);
    await expect.poll(() => outboxHas(email, 'as you asked'), { timeout: 20_000, message: 'the email to the customer' }).toBe(true);

    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoAxeViolations(page);

    // Cancel: the dialog's texts, then the refund.
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
    await expect(dialog).toContainText(`Are you sure you want to cancel your booking for ${format(newDate, 'EEEE, MMMM d, yyyy')} at ${newTime}? This action cannot be undone.`);
    await expect(dialog).toContainText('If you cancel now, your $50 deposit will be refunded to your card.');
    await expect(dialog.getByRole('button', { name: 'No, keep it' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes, cancel booking' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your booking has been cancelled and your $50 deposit has been refunded.' })).toBeVisible();
    await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(page.getByText('$50 deposit refunded')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change time' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('a wrong link shows that it is no longer valid', async ({ page }) => {
    await page.goto(`/booking/${'x'.repeat(43)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'This link is no longer valid' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoAxeViolations(page);
  });
});

test.describe('My Bookings', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('a signed-in customer changes the time from the card, beside Reschedule, and gets calendar links', async ({ page }) => {
    const email = await signUpAndSignIn(page, { prefix: 'manage-card', fullName: 'Robin Lee' });
    const date = await tvDay(page, 4);
    await bookAsGuest(page, date, email);

    await page.goto('/dashboard/bookings');
    const card = page.getByRole('article').filter({ hasText: format(date, 'MMMM d, yyyy') }).filter({ hasText: 'TV Mounting' });
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('button', { name: 'Reschedule' })).toBeVisible();
    await expect(card.getByRole('link', { name: /Download calendar file \(\.ics\) for booking #\d+/ })).toHaveAttribute('href', /^\/api\/dashboard\/bookings\/\d+\/ics$/);
    await expect(card.getByRole('link', { name: /Add to Google Calendar for booking #\d+/ })).toHaveAttribute('href', /^\/api\/dashboard\/bookings\/\d+\/google-calendar$/);

    const newDate = await tvDay(page, 6);
    await card.getByRole('button', { name: 'Change time' }).click();
    await pickDate(page, newDate);
    const first = card.getByRole('group', { name: `Available start times on ${format(newDate, 'EEEE, MMMM d, yyyy')}` }).getByRole('button').first();
    await expect(first).toBeVisible();
    const newTime = (await first.textContent())!.trim();
    await first.click();
    await expectNoAxeViolations(page);
    await card.getByRole('button', { name: /^Move to / }).click();
    await expect(toasts(page).filter({ hasText: `Your appointment is now on ${format(newDate, 'EEEE, MMMM d, yyyy')} at ${newTime}.` })).toBeVisible();
    const moved = page.getByRole('article').filter({ hasText: format(newDate, 'MMMM d, yyyy') }).filter({ hasText: 'TV Mounting' });
    await expect(moved).toContainText(newTime);
  });
});
