import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addDays, format } from 'date-fns';
import { axeViolations, describeViolations } from './helpers/axe';
import { openAdminTab, signInAsOwner } from './helpers/owner';
import { bookingRow, businessToday, SPEC_DAYS, uniqueEmail as makeEmail } from './helpers/site';

// The e2e server makes this address an admin (ADMIN_EMAILS in playwright.config.ts).
// Booking dates for this spec: 75 to 85 days ahead on the business clock (SPEC_DAYS.admin),
// never a Sunday, at starts offered for the service it books.
const { fromDay: FIRST_DAY, toDay: LAST_DAY } = SPEC_DAYS.admin;

/** Open days (no Sundays) in this spec's window, starting `offset` days into it. */
function openDays(offset: number): string[] {
  const days: string[] = [];
  for (let n = FIRST_DAY + offset; n <= LAST_DAY; n++) {
    const day = addDays(businessToday(), n);
    if (day.getDay() !== 0) days.push(format(day, 'yyyy-MM-dd'));
  }
  return days;
}

const uniqueEmail = () => makeEmail('admin-e2e');

/** A pending booking made through the public API, on the first free slot of this spec's days. */
async function createBooking(request: APIRequestContext, offset: number, email: string) {
  for (const date of openDays(offset)) {
    const slots = await request.get(`/api/time-slots?date=${date}&serviceType=furniture-assembly`);
    expect(slots.ok()).toBe(true);
    for (const slot of (await slots.json()) as { slotTime: string }[]) {
      const res = await request.post('/api/bookings', {
        data: {
          serviceType: 'furniture-assembly',
          bookingDate: date,
          bookingTime: slot.slotTime,
          fullName: 'Morgan Admin-Test',
          phone: '(310) 555-0177',
          email,
          address: '200 Santa Monica Pier, Santa Monica, CA 90401',
          depositAmount: 50,
          totalAmount: 50,
        },
      });
      if (res.status() === 409) continue;
      expect(res.status(), await res.text()).toBe(201);
      const booking = (await res.json()) as { id: number };
      return { id: booking.id, date, time: slot.slotTime };
    }
  }
  throw new Error('no free slot in the admin spec window');
}

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('listitem');

test('the owner sees a new booking, confirms it, then completes it', async ({ page }) => {
  const email = uniqueEmail();
  const booking = await createBooking(page.request, 0, email);
  await signInAsOwner(page);

  // The owner reaches the admin area from the account menu.
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Business Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Business Admin' })).toBeVisible();
  // The admin area opens on Today; the full list is the Bookings tab.
  await expect(page.getByRole('tab', { name: 'Today' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Bookings' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(email);

  const row = bookingRow(page, booking.id);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Morgan Admin-Test');
  await expect(row).toContainText(booking.time);
  await expect(row).toContainText('Pending');

  await row.getByRole('button', { name: `Confirm booking #${booking.id}` }).click();
  await expect(toasts(page).filter({ hasText: 'Booking Confirmed' })).toContainText(`Booking #${booking.id} is confirmed and the customer has been emailed.`);
  await expect(row).toContainText('Confirmed');
  await expect(row.getByRole('button', { name: `Confirm booking #${booking.id}` })).toHaveCount(0);

  await row.getByRole('button', { name: `Complete booking #${booking.id}` }).click();
  await expect(toasts(page).filter({ hasText: 'Booking Completed' })).toContainText(`Booking #${booking.id} is marked completed.`);
  await expect(row).toContainText('Completed');
  await expect(row).toContainText('No actions');

  // The server agrees.
  const list = await page.request.get(`/api/admin/bookings?q=${encodeURIComponent(email)}`);
  expect((await list.json()).bookings[0]).toMatchObject({ id: booking.id, status: 'completed' });
});

test('cancelling warns that the deposit will be refunded or that there is none', async ({ page }) => {
  const email = uniqueEmail();
  const booking = await createBooking(page.request, 4, email);
  await signInAsOwner(page);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Bookings' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(email);
  const row = bookingRow(page, booking.id);
  await row.getByRole('button', { name: `Cancel booking #${booking.id}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Cancel booking #${booking.id}?` });
  await expect(dialog).toContainText('No deposit was paid, so there is nothing to refund.');
  await dialog.getByRole('button', { name: 'Yes, cancel booking' }).click();
  await expect(toasts(page).filter({ hasText: 'Booking Cancelled' })).toBeVisible();
  await expect(row).toContainText('Cancelled');
});

test.describe('accessibility', () => {
  test('the admin area passes axe on every tab, at desktop and phone widths', async ({ page }) => {
    // Every tab twice with axe: the Price list's long list made 45 seconds too short on a busy machine.
    test.setTimeout(90_000);
    await createBooking(page.request, 8, uniqueEmail());
    await signInAsOwner(page);
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 375, height: 800 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/admin');
      await expect(page.getByRole('heading', { name: 'Business Admin' })).toBeAttached();
      // Every tab there is, so a new one is checked without editing this list: on a phone, the
      // bottom bar's and those under its More.
      const names = async (list: string) => (await page.getByRole('tablist', { name: list }).getByRole('tab').allTextContents()).map((t) => t.trim());
      let tabs = await names('Admin sections');
      if (viewport.width < 768) {
        expect(tabs).toEqual(['Today', 'Week', 'Requests', 'Numbers', 'More']);
        await page.getByRole('tab', { name: 'More', exact: true }).click();
        tabs = [...tabs.filter((t) => t !== 'More'), ...(await names('More sections'))];
      }
      expect(tabs).toEqual(expect.arrayContaining(['Today', 'Week', 'Bookings', 'Customers', 'Messages', 'Numbers', 'Schedule', 'Business', 'Services', 'Testimonials', 'Gallery', 'Email problems']));
      for (const tab of tabs) {
        await openAdminTab(page, tab);
        if (tab === 'Bookings') await expect(page.getByText(/\d+ bookings?/)).toBeVisible();
        // Loaded: no "Loading ..." status left (a panel may keep a live status of its own).
        await expect(page.getByRole('tabpanel', { name: tab }).getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
        const violations = await axeViolations(page);
        expect(violations, `${tab} at ${viewport.width}px\n${describeViolations(violations)}`).toEqual([]);
      }
    }

    // The move dialog, with the day's grid loaded.
    await openAdminTab(page, 'Bookings');
    await page.getByRole('button', { name: /^Move booking #/ }).first().click();
    const dialog = page.getByRole('dialog', { name: /^Move booking #/ });
    await expect(dialog.getByLabel('New time')).toBeEnabled();
    await expect(dialog.getByRole('option', { name: '9:00 AM', exact: false }).first()).toBeAttached();
    const violations = await axeViolations(page);
    expect(violations, `move dialog\n${describeViolations(violations)}`).toEqual([]);
  });
});

test('a customer is told the area is for the owner; a visitor is sent to sign in', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);

  const email = uniqueEmail();
  const password = 'customer-password-1';
  const reg = await page.request.post('/api/auth/register', { data: { fullName: 'Casey Customer', email, phone: '', password, confirmPassword: password } });
  expect(reg.status()).toBe(201);
  expect((await page.request.post('/api/auth/login', { data: { email, password } })).ok()).toBe(true);
  await page.goto('/admin');
  await expect(page.getByText('This area is for the business owner.')).toBeVisible();
  expect((await page.request.get('/api/admin/bookings')).status()).toBe(403);
});

test("the owner's Manage Availability page says blocks close the business's slots", async ({ page }) => {
  await signInAsOwner(page);
  await page.goto('/dashboard/availability');
  await expect(page.getByRole('heading', { name: 'Manage Your Availability' })).toBeVisible();
  await expect(page.getByText('As the business owner, the times you block here are closed to every customer.')).toBeVisible();
});

test('the owner replaces a gallery image by upload and the public gallery shows it', async ({ page }) => {
  // Its own project, so parallel tests never touch it.
  await signInAsOwner(page);
  const title = `Uploaded Shelf ${Date.now()}`;
  const created = await page.request.post('/api/admin/gallery', {
    data: { title, description: 'A walnut shelf above a desk in Venice.', category: 'mounting', imageUrl: '/images/gallery/bed.svg' },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Gallery' }).click();
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360"><rect width="480" height="360" fill="#d4af37"/></svg>';
  await page.getByLabel(`Replace image for ${title}`).setInputFiles({ name: 'shelf.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
  await expect(toasts(page).filter({ hasText: 'Image Replaced' })).toBeVisible();

  await page.goto('/gallery');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  const img = card.locator('img');
  await expect(img).toHaveAttribute('src', /^\/uploads\/[a-f0-9]{32}\.svg$/);
  // Gallery images load lazily: bring the card into view.
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(480);
});
