import { expect, test, type Page } from '@playwright/test';
import { addDays, format } from 'date-fns';
import { fillCard, fillDetails, pickDate, pickFirstSlot, showMonth, timeGroup } from './helpers/booking-flow';
import { bookableStart, businessToday, dayLabel, expectNoAxeViolations, holdRequests, iso, SPEC_DAYS, toasts, uniqueEmail as makeEmail } from './helpers/site';

// Booking dates for this spec: 10 to 29 days ahead (SPEC_DAYS.booking), one per test: the n-th
// day the server offers a start of the service the test books.
const bookingDay = async (page: Page, n: number, serviceType: string) =>
  (await bookableStart(page.request, { serviceType, ...SPEC_DAYS.booking, n })).date;

const DAYS = { fullFlow: 0, declined: 2, conflict: 4, axeStep2: 6, dateChange: 8, dateChangeOther: 9 };

const uniqueEmail = () => makeEmail('booking-ui');
/** Step 1 done: a pending booking exists and the demo card form is on screen. */
async function reachPaymentStep(page: Page, date: Date, service = 'tv-mounting'): Promise<string> {
  await page.getByRole('main').getByLabel('Service Type').selectOption(service);
  await pickDate(page, date);
  const time = await pickFirstSlot(page);
  await fillDetails(page);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Complete Your Booking' })).toBeVisible();
  await expect(page.getByText('Booking Confirmed!')).toBeVisible();
  await expect(page.getByText(/Your time slot is reserved\. We hold it for 30 minutes/)).toBeVisible();
  await expect(page.getByText('Demo payment — no real card is charged')).toBeVisible();
  return time;
}


test('books from the header Book Now link to a confirmed, paid booking', async ({ page }) => {
  const date = await bookingDay(page, DAYS.fullFlow, 'furniture-assembly');
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Book Now' }).first().click();
  await expect(page).toHaveURL(/\/book$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Book Our Services' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Schedule an Appointment' })).toBeVisible();

  const time = await reachPaymentStep(page, date, 'furniture-assembly');
  const summary = page.getByRole('region', { name: 'Your Appointment' });
  await expect(summary).toContainText('Furniture Assembly');
  await expect(summary).toContainText(format(date, 'EEEE, MMMM d, yyyy'));
  await expect(summary).toContainText(time);

  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay $50.00 Deposit' }).click();
  await expect(page).toHaveURL(/\/book\/confirmation\?.*redirect_status=succeeded/);
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed!' })).toBeVisible();

  // The paid booking holds its slot: it is no longer offered.
  const slots = await page.request.get(`/api/time-slots?date=${iso(date)}`);
  expect((await slots.json()).map((s: { slotTime: string }) => s.slotTime)).not.toContain(time);
});

test('a declined card shows Payment Failed and lets the customer retry', async ({ page }) => {
  await page.goto('/book');
  await reachPaymentStep(page, await bookingDay(page, DAYS.declined, 'tv-mounting'));
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay $50.00 Deposit' }).click();

  const toast = toasts(page);
  await expect(toast).toContainText('Payment Failed');
  await expect(toast).toContainText('Your card was declined.');
  await expect(page).toHaveURL(/\/book$/);
  await expect(page.getByRole('heading', { name: 'Complete Your Booking' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay $50.00 Deposit' })).toBeEnabled();
});

test('a slot taken by someone else meanwhile gives the conflict message and disappears', async ({ page }) => {
  const date = await bookingDay(page, DAYS.conflict, 'shelf-mounting');
  await page.goto('/book');
  await page.getByRole('main').getByLabel('Service Type').selectOption('shelf-mounting');
  await pickDate(page, date);
  const time = await pickFirstSlot(page);
  await fillDetails(page);

  // The same service: the start the page offers is one the server offers for this job.
  const someoneElse = {
    serviceType: 'shelf-mounting',
    bookingDate: iso(date),
    bookingTime: time,
    fullName: 'Someone Else',
    phone: '(310) 555-0100',
    email: uniqueEmail(),
    address: '200 Main St, Venice, CA 90291',
    depositAmount: 50,
    totalAmount: 50,
  };
  const other = await page.request.post('/api/bookings', { data: someoneElse });
  expect(other.status()).toBe(201);

  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  // The server's own sentence, asking for another time, in the toast and under the times.
  const again = await page.request.post('/api/bookings', { data: { ...someoneElse, email: uniqueEmail() } });
  expect(again.status()).toBe(409);
  const { message } = (await again.json()) as { message: string };
  expect(message).toMatch(/another time/i);
  const toast = toasts(page);
  await expect(toast).toContainText('Booking Error');
  await expect(toast).toContainText(message);

  // Still on step 1, with fresh times and no time chosen: the taken one is gone.
  await expect(page.getByRole('heading', { name: 'Schedule an Appointment' })).toBeVisible();
  await expect(timeGroup(page).getByRole('button').first()).toBeVisible();
  await expect(timeGroup(page).getByRole('button', { name: time, exact: true })).toHaveCount(0);
  await expect(timeGroup(page).locator('[aria-pressed="true"]')).toHaveCount(0);
  await expect(timeGroup(page)).toHaveAccessibleDescription(message);
});

test('Sundays are closed, and submitting without a date or time is refused with the notice', async ({ page }) => {
  await page.goto('/book');
  let sunday = addDays(businessToday(), 10);
  while (sunday.getDay() !== 0) sunday = addDays(sunday, 1);

  // The Sunday is disabled on the calendar, and the API offers nothing on it.
  await showMonth(page, sunday);
  await expect(page.getByRole('button', { name: dayLabel(sunday), exact: true })).toBeDisabled();
  const sundaySlots = await page.request.get(`/api/time-slots?date=${iso(sunday)}`);
  expect(await sundaySlots.json()).toEqual([]);

  // Nothing filled in: the notice plus every field's message, linked to its field.
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const toast = toasts(page);
  await expect(toast).toContainText('Booking Error');
  await expect(toast).toContainText('Please select a date and time slot for your booking');
  await expect(page.getByRole('main').getByLabel('Service Type')).toHaveAccessibleDescription('Please select a service type');
  await expect(page.getByRole('main').getByLabel('Full Name')).toHaveAccessibleDescription('Name is required');
  await expect(page.getByRole('main').getByLabel('Phone Number')).toHaveAccessibleDescription('Please enter a valid phone number');
  await expect(page.getByRole('main').getByLabel('Email Address')).toHaveAccessibleDescription('Please enter a valid email address');
  await expect(page.getByRole('main').getByLabel('Service Address')).toHaveAccessibleDescription('Address is required');
  await expect(page.getByRole('main').getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('heading', { name: 'Schedule an Appointment' })).toBeVisible();

  // Short values give the same messages.
  await page.getByRole('main').getByLabel('Full Name').fill('J');
  await page.getByRole('main').getByLabel('Phone Number').fill('12345');
  await page.getByRole('main').getByLabel('Email Address').fill('not-an-email');
  await page.getByRole('main').getByLabel('Service Address').fill('Main');
  await expect(page.getByRole('main').getByLabel('Phone Number')).toHaveAccessibleDescription('Please enter a valid phone number');
  await expect(page.getByRole('main').getByLabel('Email Address')).toHaveAccessibleDescription('Please enter a valid email address');
  await expect(page.getByRole('main').getByLabel('Service Address')).toHaveAccessibleDescription('Address is required');
});

test('a date without a time is refused; a new date clears the chosen time', async ({ page }) => {
  await page.goto('/book');
  await expect(page.getByText('Choose a date to see the available times.')).toBeVisible();
  await page.getByRole('main').getByLabel('Service Type').selectOption('custom-project');
  await fillDetails(page);
  await pickDate(page, await bookingDay(page, DAYS.dateChange, 'custom-project'));
  await expect(timeGroup(page).getByRole('button').first()).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(toasts(page)).toContainText('Please select a date and time slot for your booking');
  await expect(page.getByText('Please select a time slot', { exact: true })).toBeVisible();

  await pickFirstSlot(page);
  await expect(page.getByText('Please select a time slot', { exact: true })).toHaveCount(0);
  await pickDate(page, await bookingDay(page, DAYS.dateChangeOther, 'custom-project'));
  await expect(timeGroup(page).getByRole('button').first()).toBeVisible();
  await expect(timeGroup(page).locator('[aria-pressed="true"]')).toHaveCount(0);
});

test('the calendar works with the keyboard', async ({ page }) => {
  await page.goto('/book');
  const target = await bookingDay(page, DAYS.dateChange, 'custom-project');
  await pickDate(page, target);
  const picked = page.getByRole('button', { name: `${dayLabel(target)}, selected`, exact: true });
  await expect(picked).toBeFocused();
  // Saturday -> Monday skips the disabled Sunday; otherwise the next day.
  const next = addDays(target, target.getDay() === 6 ? 2 : 1);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('button', { name: dayLabel(next), exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: `${dayLabel(next)}, selected`, exact: true })).toBeVisible();
});

test.describe('accessibility and confirmation states', () => {
  test('the confirmation page follows redirect_status', async ({ page }) => {
    await page.goto('/book/confirmation?redirect_status=succeeded&payment_intent=pi_x');
    await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed!' })).toBeVisible();
    await expect(page.getByText(/\$50 deposit has been processed/)).toBeVisible();
    await expect(page.getByText(/confirmation email has been sent/)).toBeVisible();
    await expect(page.getByText('Will be shown on your confirmation email')).toHaveCount(3);
    for (const label of ['Date', 'Time', 'Address']) await expect(page.getByRole('term').filter({ hasText: label })).toBeVisible();
    await expect(page.getByRole('heading', { name: "What's Next" })).toBeVisible();
    await expect(page.getByRole('region', { name: "What's Next" }).getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    await expectNoAxeViolations(page);

    await page.goto('/book/confirmation?redirect_status=failed');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Failed' })).toBeVisible();
    await expect(page.getByText('There was an issue processing your payment')).toBeVisible();
    await expect(page.getByText("We weren't able to process your payment. Please try booking again or contact us for assistance.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/book');
    await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
    await expectNoAxeViolations(page);

    for (const query of ['?redirect_status=processing', '?redirect_status=anything', '']) {
      await page.goto(`/book/confirmation${query}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Processing Your Booking' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toHaveCount(0);
    }
    await expectNoAxeViolations(page);
  });

  test('/book has no axe violations on step 1 and step 2', async ({ page }) => {
    await page.goto('/book');
    await pickDate(page, await bookingDay(page, DAYS.axeStep2, 'tv-mounting'));
    await expect(timeGroup(page).getByRole('button').first()).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByRole('main').getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    await page.reload();
    await reachPaymentStep(page, await bookingDay(page, DAYS.axeStep2, 'tv-mounting'));
    await expectNoAxeViolations(page);
  });
});

test("/book is served with this month's calendar, runs no app code until reached for, and wakes without warnings or a shift", async ({ page, browser }) => {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(msg.text());
  });
  const today = businessToday();
  const html = await (await page.request.get('/book')).text();
  expect(html).toContain('Book Our Services');
  expect(html).toContain('Continue to Payment');
  // The month of the business's today, today marked and the days before it off, is in the HTML.
  expect(html).toContain(`data-today="${iso(today)}"`);
  expect(html).toContain(`aria-label="${format(today, 'MMMM yyyy')}"`);
  expect(html).toContain(`aria-label="Today, ${dayLabel(today)}"`);

  // Without JavaScript the calendar is where the app shows it.
  const hint = 'Closed on Sundays. Book up to 90 days ahead.';
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const staticPage = await noScript.newPage();
  await staticPage.goto('/book');
  await expect(staticPage.getByRole('grid', { name: format(today, 'MMMM yyyy') })).toBeVisible();
  const before = await staticPage.getByText(hint).boundingBox();
  await noScript.close();

  await page.setViewportSize({ width: 1280, height: 900 });
  const fetched: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/assets/main-')) fetched.push(req.resourceType());
  });
  await page.goto('/book');
  await page.waitForLoadState('networkidle');
  // The app's code is fetched ahead, not run: nothing has hydrated.
  expect(fetched).toContain('fetch');
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('main').hover();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('grid', { name: format(today, 'MMMM yyyy') })).toBeVisible();
  const after = await page.getByText(hint).boundingBox();
  expect(before).not.toBeNull();
  expect(after?.y).toBe(before?.y);
  expect(problems).toEqual([]);
});

/** Holds /book's app (its main module, fetched ahead or on waking) until `release()`: the page is the server's HTML. */
const holdAppCode = (page: Page) => holdRequests(page, '**/assets/main-*.js');

test('/book: a button tapped while the app is still on its way is pressed once it runs (the calendar turns a month)', async ({ page }) => {
  const release = await holdAppCode(page);
  await page.goto('/book');
  const today = businessToday();
  const next = new Date(today.getFullYear(), today.getMonth() + 1, 1);
  const grid = page.getByRole('grid');
  await expect(grid).toHaveAttribute('aria-label', format(today, 'MMMM yyyy'));
  await page.getByRole('button', { name: 'Go to the Next Month' }).click();
  // The app is not running yet: the calendar still shows this month, and nothing was posted.
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
  await expect(grid).toHaveAttribute('aria-label', format(today, 'MMMM yyyy'));
  release();
  await expect(grid).toHaveAttribute('aria-label', format(next, 'MMMM yyyy'));
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  // Pressed once, not twice.
  await expect(page.getByRole('button', { name: 'Go to the Previous Month' })).toBeEnabled();
  await page.getByRole('button', { name: 'Go to the Previous Month' }).click();
  await expect(grid).toHaveAttribute('aria-label', format(today, 'MMMM yyyy'));
  expect(page.url()).toMatch(/\/book$/);
});

test('/book: a form sent while the app is still on its way is checked by the app once it runs, not posted', async ({ page }) => {
  const release = await holdAppCode(page);
  const posts: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST') posts.push(req.url());
  });
  await page.goto('/book');
  const main = page.getByRole('main');
  await main.getByLabel('Full Name').fill('Early Sender');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', 'true');
  release();
  // The app's own checks answer: no service, date or time yet; the name typed is kept.
  await expect(main.getByLabel('Service Type')).toHaveAccessibleDescription(/Please select a service type/);
  await expect(main.getByLabel('Full Name')).toHaveValue('Early Sender');
  await expect(page.getByRole('alert').filter({ hasText: 'Booking online needs JavaScript' })).toHaveCount(0);
  expect(posts).toEqual([]);
  expect(page.url()).toMatch(/\/book$/);
});
