import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, describeViolations } from './helpers/axe';
import { openAdminTab, signInAsOwner } from './helpers/owner';
import { bookableStart, SPEC_DAYS } from './helpers/site';

// Booking days for this spec: 3 to 9 days ahead (SPEC_DAYS.numbers; other specs book from 10 days
// on), so its job also counts in the Numbers tab's coming-7-days figures when it is that close.

// Screenshots to look at after a run, kept with the run's other results.
const SHOTS = join(process.env.TEST_RESULTS_DIR ?? 'test-results', 'shots');
const WIDTHS = [375, 1280] as const;

test.describe.configure({ mode: 'serial' });

async function expectAxeClean(page: Page) {
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

async function openTab(page: Page, name: 'Numbers' | 'Customers') {
  await page.goto('/admin');
  return openAdminTab(page, name);
}

test('Numbers shows each chart with a title and a table alternative, at 375 and 1280 px', async ({ page }) => {
  await signInAsOwner(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
    const panel = await openTab(page, 'Numbers');
    const titles = ['The coming 7 days', 'Bookings per week', 'Deposits taken per week', 'Revenue booked per week', 'Money taken per week', 'Invoices owed and tips', 'Quotes sent and approved', 'Cancellations and refunds', 'Bookings per service'];
    for (const title of titles) await expect(panel.getByRole('heading', { name: title, level: 2 })).toBeVisible();
    // Each chart is a described image, and each has its "Show as table".
    await expect(panel.getByRole('img', { name: /^Bar chart of bookings per week from / })).toBeVisible();
    await expect(panel.getByRole('img', { name: /^Bar chart of deposits taken per week/ })).toBeVisible();
    await expect(panel.getByRole('img', { name: /^Bar chart of the value of jobs booked per week/ })).toBeVisible();
    await expect(panel.getByRole('img', { name: /^Bar chart of quotes sent and approved per week/ })).toBeVisible();
    await expect(panel.getByRole('img', { name: /^Bar chart of cancellations and refunds/ })).toBeVisible();
    await expect(panel.getByText('Show as table')).toHaveCount(9);
    await expect(panel.getByRole('link', { name: 'Download every payment of the last 90 days (CSV)' })).toHaveAttribute('href', '/api/admin/payments.csv');
    await expect(panel.getByRole('region', { name: 'Quotes sent and approved' })).toContainText(/No quotes sent in the last 12 weeks\.|\d+ quotes? sent in the last 12 weeks, \d+ approved and booked \(\d+%\)\./);
    await expect(panel.getByTestId('fill-rate')).toHaveText(/^(\d+%|Under 1%|No open time)$/);

    // The weekly table: sixteen weeks, one of them this week, four coming.
    const weekly = panel.getByRole('region', { name: 'Bookings per week' });
    await weekly.getByText('Show as table').click();
    const table = weekly.getByRole('table', { name: "Bookings per week (by the job's date)" });
    await expect(table).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(17);
    await expect(table.getByRole('row').filter({ hasText: 'This week' })).toHaveCount(1);
    await expect(table.getByRole('row').filter({ hasText: 'Coming (booked so far)' })).toHaveCount(4);
    // The fill rate's days.
    const fill = panel.getByRole('region', { name: 'The coming 7 days' });
    await fill.getByText('Show as table').click();
    await expect(fill.getByRole('table', { name: 'Fill rate per day, the coming 7 days' }).getByRole('row')).toHaveCount(8);

    // Nothing wider than the screen on a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAxeClean(page);
    await page.screenshot({ path: `${SHOTS}/numbers-charts-${width}.png`, fullPage: true });
  }
});

test('Customers finds a booking by its email and shows its bookings with call and email links', async ({ page }) => {
  await signInAsOwner(page);
  const stamp = Date.now();
  const email = `numbers-caller-${stamp}@example.com`;
  // A start the server offers: a fixed time fails on a day that closes before it (a Saturday).
  const start = await bookableStart(page.request, { serviceType: 'shelf-mounting', ...SPEC_DAYS.numbers });
  const res = await page.request.post('/api/bookings', {
    data: { serviceType: 'shelf-mounting', bookingDate: start.day, bookingTime: start.time, fullName: `Casey Caller ${stamp}`, phone: '(310) 555-0142', email, address: '200 Ocean Ave, Santa Monica, CA 90401', depositAmount: 50, totalAmount: 50 },
  });
  expect(res.status(), await res.text()).toBe(201);
  const bookingId = ((await res.json()) as { id: number }).id;

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
    const panel = await openTab(page, 'Customers');
    const search = panel.getByRole('searchbox', { name: 'Find a customer' });
    await search.fill(`caller-${stamp}@EXAMPLE`);
    const result = panel.getByRole('button', { name: new RegExp(`Casey Caller ${stamp}`) });
    await expect(result).toBeVisible();
    await expect(panel.getByRole('button', { name: /Casey Caller/ })).toHaveCount(1);
    await expect(result).toContainText('(310) 555-0142');
    await expectAxeClean(page);
    await page.screenshot({ path: `${SHOTS}/numbers-customers-${width}.png`, fullPage: true });

    await result.click();
    await expect(panel.getByRole('heading', { name: `Casey Caller ${stamp}`, level: 2 })).toBeFocused();
    await expect(panel.getByText('Guest (no account)')).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Call (310) 555-0142' })).toHaveAttribute('href', 'tel:3105550142');
    await expect(panel.getByRole('link', { name: `Email ${email}` })).toHaveAttribute('href', `mailto:${email}`);
    const bookings = panel.getByRole('region', { name: 'Bookings' });
    await expect(bookings.getByRole('listitem')).toHaveCount(1);
    await expect(bookings.getByRole('listitem')).toContainText(`Shelf Mounting · #${bookingId}`);
    await expect(bookings.getByRole('listitem')).toContainText(start.time);
    await expect(bookings.getByRole('listitem')).toContainText('Pending');
    await expect(panel.getByRole('region', { name: 'Messages' })).toContainText('No messages.');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAxeClean(page);
    await page.screenshot({ path: `${SHOTS}/numbers-customer-detail-${width}.png`, fullPage: true });

    await panel.getByRole('button', { name: 'Back to customers' }).click();
    await expect(search).toHaveValue(`caller-${stamp}@EXAMPLE`);
  }
});
