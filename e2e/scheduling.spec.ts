import { expect, test, type Page } from '@playwright/test';
import { addDays } from 'date-fns';
import { fillDetails, pickDate, pickFirstSlot, timeGroup } from './helpers/booking-flow';
import { businessToday, expectNoAxeViolations, iso, toasts, uniqueEmail } from './helpers/site';

/**
 * /book for jobs of different lengths and the service area (issue 9). This spec books in its own
 * days, 71 to 74 ahead (between the dashboard's and the admin's ranges in helpers/site.ts), one
 * day per test that books: the job-length test on a weekday, where the hours are the longest.
 */
function ourDays(): { lengths: Date; area: Date; holds: Date } {
  const open = [71, 72, 73, 74].map((n) => addDays(businessToday(), n)).filter((d) => d.getDay() !== 0);
  const lengths = open.find((d) => d.getDay() !== 6)!;
  const [area, holds] = open.filter((d) => d !== lengths);
  return { lengths, area: area!, holds: holds! };
}

const OUT_OF_AREA = '4321 Crenshaw Blvd, Los Angeles, CA 90008';
const IN_AREA = '1450 Ocean Ave, Santa Monica, CA 90401';

const main = (page: Page) => page.getByRole('main');
const serviceSelect = (page: Page) => main(page).getByLabel('Service Type');
const addressInput = (page: Page) => main(page).getByLabel('Service Address');

async function offered(page: Page, date: Date, serviceType?: string): Promise<string[]> {
  const res = await page.request.get(`/api/time-slots?date=${iso(date)}${serviceType ? `&serviceType=${serviceType}` : ''}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { slotTime: string }[]).map((s) => s.slotTime);
}

/** The grid's times once it has loaded: every button label of the group. */
async function expectGrid(page: Page, times: string[]) {
  await expect(timeGroup(page).getByRole('button')).toHaveText(times);
}

async function businessPhone(page: Page): Promise<string> {
  const res = await page.request.get('/api/config');
  return ((await res.json()) as { business: { phone: string } }).business.phone;
}

test('changing the service changes the offered times, and a time the new job does not fit is cleared with a word why', async ({ page }) => {
  const date = ourDays().lengths;
  const [oneHour, shelf, furniture, tv] = await Promise.all([
    offered(page, date),
    offered(page, date, 'shelf-mounting'),
    offered(page, date, 'furniture-assembly'),
    offered(page, date, 'tv-mounting'),
  ]);
  // A 60-minute shelf fits the last hour of a weekday; a 120-minute assembly does not.
  const lateStart = shelf.filter((t) => !furniture.includes(t)).at(-1);
  expect(lateStart, 'a start offered for shelves but not for furniture').toBe('5:00 PM');
  expect(furniture.length).toBeGreaterThan(0);

  await page.goto('/book');
  await pickDate(page, date);
  // Before a service is chosen: the spec's one-hour grid, and a word about it.
  await expectGrid(page, oneHour);
  await expect(timeGroup(page)).toHaveAccessibleDescription('These times fit a one-hour job. Choose a service to see the times that fit its length.');

  await serviceSelect(page).selectOption('shelf-mounting');
  await expect(serviceSelect(page)).toHaveAccessibleDescription('A Shelf Mounting job takes about 1 hour. The times offered leave room for all of it.');
  await expectGrid(page, shelf);
  await timeGroup(page).getByRole('button', { name: lateStart, exact: true }).click();
  await expect(timeGroup(page).getByRole('button', { name: lateStart, exact: true })).toHaveAttribute('aria-pressed', 'true');

  await serviceSelect(page).selectOption('furniture-assembly');
  await expect(serviceSelect(page)).toHaveAccessibleDescription('A Furniture Assembly job takes about 2 hours. The times offered leave room for all of it.');
  await expectGrid(page, furniture);
  await expect(timeGroup(page).getByRole('button', { name: lateStart, exact: true })).toHaveCount(0);
  await expect(timeGroup(page).locator('[aria-pressed="true"]')).toHaveCount(0);
  // The calendar has its own status lines; this one says why the time went.
  const notice = main(page).getByRole('status').filter({ hasText: 'Please pick another time.' });
  await expect(notice).toHaveText(`${lateStart} doesn't fit a Furniture Assembly job (about 2 hours) that day. Please pick another time.`);
  // A status line, not a notice.
  await expect(toasts(page)).toHaveCount(0);
  await expectNoAxeViolations(page);

  // A time the new service still fits stays chosen, and the line goes once a time is picked.
  const kept = furniture[0]!;
  expect(tv).toContain(kept);
  await timeGroup(page).getByRole('button', { name: kept, exact: true }).click();
  await expect(notice).toHaveCount(0);
  await serviceSelect(page).selectOption('tv-mounting');
  await expect(serviceSelect(page)).toHaveAccessibleDescription('A TV Mounting job takes about 1 hour 30 minutes. The times offered leave room for all of it.');
  await expectGrid(page, tv);
  await expect(timeGroup(page).getByRole('button', { name: kept, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(notice).toHaveCount(0);

  // Back to shelves: the late start is offered again, not chosen.
  await serviceSelect(page).selectOption('shelf-mounting');
  await expectGrid(page, shelf);
  await expect(timeGroup(page).getByRole('button', { name: lateStart, exact: true })).toHaveAttribute('aria-pressed', 'false');
});

test('an address outside the service area is refused under the field and never reaches payment; an address inside books', async ({ page }) => {
  const date = ourDays().area;
  const phone = await businessPhone(page);
  const message = `Sorry, we don't serve 90008 yet. Call us at ${phone} and we'll see what we can do.`;
  const bookingPosts: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/bookings') bookingPosts.push(req.url());
  });

  await page.goto('/book');
  await serviceSelect(page).selectOption('shelf-mounting');
  await pickDate(page, date);
  await pickFirstSlot(page);
  await fillDetails(page);

  // As soon as the ZIP is typed, the message shows under the address, like the other field messages.
  await addressInput(page).fill('4321 Crenshaw Blvd, Los Angeles, CA 9000');
  await expect(main(page).getByText(message)).toHaveCount(0);
  await addressInput(page).fill(OUT_OF_AREA);
  await expect(addressInput(page)).toHaveAccessibleDescription(message);
  await expect(addressInput(page)).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(addressInput(page)).toBeFocused();
  await expect(addressInput(page)).toHaveAccessibleDescription(message);
  await expect(page.getByRole('heading', { name: 'Schedule an Appointment' })).toBeVisible();
  expect(bookingPosts, 'the form refuses it before any request').toEqual([]);

  // Fixed: the message goes, and the booking reaches the payment step as before.
  await addressInput(page).fill(IN_AREA);
  await expect(main(page).getByText(message)).toHaveCount(0);
  await expect(addressInput(page)).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Complete Your Booking' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your Appointment' })).toContainText('Shelf Mounting');
  expect(bookingPosts).toHaveLength(1);
});

test("the server's service-area answer shows under the address when the page's list is out of date", async ({ page }) => {
  const date = ourDays().area;
  const phone = await businessPhone(page);
  const message = `Sorry, we don't serve 90008 yet. Call us at ${phone} and we'll see what we can do.`;
  // The page read an older list that still had 90008; the server's list is the one that counts.
  await page.route('**/api/config', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { schedule: { serviceZips: string[] } };
    body.schedule.serviceZips = [...body.schedule.serviceZips, '90008'];
    await route.fulfill({ response: res, json: body });
  });

  await page.goto('/book');
  await serviceSelect(page).selectOption('tv-mounting');
  await pickDate(page, date);
  await pickFirstSlot(page);
  await fillDetails(page);
  await addressInput(page).fill(OUT_OF_AREA);
  await expect(addressInput(page)).not.toHaveAttribute('aria-invalid', 'true');

  const answer = page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/bookings');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  expect((await answer).status()).toBe(400);
  await expect(addressInput(page)).toHaveAccessibleDescription(message);
  await expect(toasts(page)).toContainText('Booking Error');
  await expect(page.getByRole('heading', { name: 'Schedule an Appointment' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Complete Your Booking' })).toHaveCount(0);
});

test("too many unpaid holds for one email: the server's words in the Booking Error notice, and no payment step", async ({ page }) => {
  const date = ourDays().holds;
  const email = uniqueEmail('holds-ui');
  const times = await offered(page, date, 'shelf-mounting');
  // Two unpaid holds far enough apart for the travel buffer; the page then tries a third.
  for (const bookingTime of [times[0], times.at(-1)]) {
    const res = await page.request.post('/api/bookings', {
      data: { serviceType: 'shelf-mounting', bookingDate: iso(date), bookingTime, fullName: 'Casey Hold', phone: '(310) 555-0101', email, address: IN_AREA },
    });
    expect(res.status()).toBe(201);
  }
  const third = await page.request.post('/api/bookings', {
    data: { serviceType: 'shelf-mounting', bookingDate: iso(date), bookingTime: times[3], fullName: 'Casey Hold', phone: '(310) 555-0101', email, address: IN_AREA },
  });
  expect(third.status()).toBe(429);
  const { message, code } = (await third.json()) as { message: string; code: string };
  expect(code).toBe('TOO_MANY_HOLDS');

  await page.goto('/book');
  await serviceSelect(page).selectOption('shelf-mounting');
  await pickDate(page, date);
  await pickFirstSlot(page);
  await fillDetails(page, email);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(toasts(page)).toContainText('Booking Error');
  await expect(toasts(page)).toContainText(message);
  await expect(page.getByRole('heading', { name: 'Schedule an Appointment' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Complete Your Booking' })).toHaveCount(0);
});
