import { expect, test, type Page } from '@playwright/test';
import { format } from 'date-fns';
import { bookableStart, expectNoAxeViolations, offeredStart, openDay, signUpAndSignIn, SPEC_DAYS, toasts } from './helpers/site';

// Booking days for this spec: 40 to 50 days ahead (SPEC_DAYS.dashboard), one per test, at starts
// the server offers.
const { fromDay, toDay } = SPEC_DAYS.dashboard;

const DAYS = { home: 0, bookings: 2, availability: 4, upcoming: 6, refund: 8 };

const cardDate = (date: Date) => format(date, 'MMMM d, yyyy');
const signUp = (page: Page, fullName?: string) => signUpAndSignIn(page, { prefix: 'dashboard-ui', fullName });

interface NewBooking {
  /** yyyy-MM-dd */
  day: string;
  time: string;
  serviceType?: string;
  address?: string;
  specialInstructions?: string;
}

async function createBooking(page: Page, email: string, booking: NewBooking): Promise<number> {
  const res = await page.request.post('/api/bookings', {
    data: {
      serviceType: booking.serviceType ?? 'furniture-assembly',
      bookingDate: booking.day,
      bookingTime: booking.time,
      fullName: 'Riley Parker',
      phone: '(310) 555-0142',
      email,
      address: booking.address ?? '2400 Main St, Santa Monica, CA 90405',
      specialInstructions: booking.specialInstructions,
      depositAmount: 50,
      totalAmount: 50,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { id?: number; booking?: { id: number } };
  const id = body.id ?? body.booking?.id;
  expect(typeof id).toBe('number');
  return id!;
}

const bookingCard = (page: Page, id: number) =>
  page.getByRole('article').filter({ has: page.getByText(`Booking #${id}`, { exact: true }) });

test('unauthenticated visitors of the dashboard go to /login', async ({ page }) => {
  await page.goto('/dashboard/bookings');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
});

test('dashboard home: counters, upcoming list and empty states', async ({ page }) => {
  const email = await signUp(page, 'Avery Quinn');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Account' })).toContainText('Avery Quinn');
  await expect(page.getByText("You don't have any upcoming appointments.")).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Past Appointments' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The TV job at the day's first start, then the shelves at the last start left after it.
  const tvStart = await bookableStart(page.request, { serviceType: 'tv-mounting', fromDay, toDay, n: DAYS.home, minStarts: 2 });
  const day = tvStart.date;
  await createBooking(page, email, { day: tvStart.day, time: tvStart.time, serviceType: 'tv-mounting' });
  const shelfTime = await offeredStart(page.request, tvStart.day, 'shelf-mounting', 'last');
  await createBooking(page, email, { day: tvStart.day, time: shelfTime, serviceType: 'shelf-mounting' });
  await page.reload();

  const summary = page.getByRole('region', { name: 'Booking summary' });
  await expect(summary).toContainText('Upcoming Appointments2');
  await expect(summary).toContainText('Pending Appointments2Awaiting confirmation');
  await expect(summary).toContainText('Completed Services0');
  const upcoming = page.getByRole('region', { name: 'Upcoming Appointments' });
  await expect(upcoming.getByRole('listitem')).toHaveCount(2);
  await expect(upcoming.getByRole('listitem').first()).toContainText('TV Mounting');
  await expect(upcoming.getByRole('listitem').first()).toContainText(`${cardDate(day)} at ${tvStart.time}`);
  await expectNoAxeViolations(page);

  await upcoming.getByRole('link', { name: /View all/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/bookings$/);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Book New Service' }).click();
  await expect(page).toHaveURL(/\/book$/);
});

test('My Bookings: search, status filter, cancel and reschedule', async ({ page }) => {
  const email = await signUp(page);
  await page.goto('/dashboard/bookings');
  await expect(page.getByText('No bookings found')).toBeVisible();
  await expect(page.getByText("You haven't booked any services yet.")).toBeVisible();

  const tvStart = await bookableStart(page.request, { serviceType: 'tv-mounting', fromDay, toDay, n: DAYS.bookings, minStarts: 2 });
  const day = tvStart.date;
  const tv = await createBooking(page, email, {
    day: tvStart.day,
    time: tvStart.time,
    serviceType: 'tv-mounting',
    address: '815 Abbot Kinney Blvd, Venice, CA 90291',
    specialInstructions: '65 inch TV above the fireplace',
  });
  const deskTime = await offeredStart(page.request, tvStart.day, 'furniture-assembly', 'last');
  const desk = await createBooking(page, email, { day: tvStart.day, time: deskTime, serviceType: 'furniture-assembly' });
  await page.reload();

  await expect(page.getByRole('article')).toHaveCount(2);
  const tvCard = bookingCard(page, tv);
  await expect(tvCard).toContainText('TV Mounting');
  await expect(tvCard).toContainText(cardDate(day));
  await expect(tvCard).toContainText(tvStart.time);
  await expect(tvCard).toContainText('815 Abbot Kinney Blvd, Venice, CA 90291');
  await expect(tvCard).toContainText('65 inch TV above the fireplace');
  await expect(tvCard).toContainText('Pending');
  await expectNoAxeViolations(page);

  // Search by service type, by address and by booking id.
  const search = page.getByRole('searchbox', { name: 'Search bookings' });
  await expect(search).toHaveAttribute('placeholder', 'Search bookings...');
  await search.fill('tv mounting');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(tvCard).toBeVisible();
  await search.fill('abbot kinney');
  await expect(page.getByRole('article')).toHaveCount(1);
  await search.fill(`#${desk}`);
  await expect(bookingCard(page, desk)).toBeVisible();
  await expect(tvCard).toHaveCount(0);
  await search.fill('no such booking anywhere');
  await expect(page.getByText('No matching bookings')).toBeVisible();
  await expect(page.getByText('Try adjusting your filters')).toBeVisible();
  await search.fill('');
  await expect(page.getByRole('article')).toHaveCount(2);

  // Cancel through the dialog; the first answer keeps it.
  await tvCard.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
  await expect(dialog).toContainText(
    `Are you sure you want to cancel your booking for ${cardDate(day)} at ${tvStart.time}? This action cannot be undone.`,
  );
  await expect(dialog).toContainText('No deposit was charged for this booking');
  await dialog.getByRole('button', { name: 'No, keep it' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(tvCard).toContainText('Pending');

  await tvCard.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, cancel booking' }).click();
  await expect(toasts(page)).toContainText('Booking Cancelled');
  await expect(toasts(page)).toContainText('Your booking has been successfully cancelled.');
  await expect(tvCard).toContainText('Cancelled');
  await expect(tvCard.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expect(tvCard.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);

  // Reschedule shows 'Requesting...' while the call is under way.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/dashboard/bookings/*/reschedule', async (route) => {
    await held;
    await route.continue();
  });
  const deskCard = bookingCard(page, desk);
  await deskCard.getByRole('button', { name: 'Reschedule' }).click();
  await expect(deskCard.getByRole('button', { name: 'Requesting...' })).toBeDisabled();
  release();
  await expect(toasts(page)).toContainText('Rescheduling Requested');
  await expect(toasts(page)).toContainText('We will contact you shortly to reschedule your appointment.');
  await expect(deskCard).toContainText('Rescheduling');
  await expect(deskCard.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);

  // Status filter.
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Cancelled' }).click();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(tvCard).toBeVisible();
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Confirmed' }).click();
  await expect(page.getByText('No matching bookings')).toBeVisible();
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'All statuses' }).click();
  await expect(page.getByRole('article')).toHaveCount(2);

  // Tabs: a cancelled booking is neither upcoming nor past.
  await page.getByRole('tab', { name: 'Upcoming' }).click();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(deskCard).toBeVisible();
  await page.getByRole('tab', { name: 'Past' }).click();
  await expect(page.getByText('No matching bookings')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('Upcoming Services lists upcoming bookings soonest first', async ({ page }) => {
  const email = await signUp(page);
  await page.goto('/dashboard/upcoming');
  await expect(page.getByRole('heading', { name: 'Upcoming Services', level: 1 })).toBeVisible();
  await expect(page.getByText("You don't have any upcoming appointments.")).toBeVisible();

  // The later job is booked first (the day's last start), the sooner one after it (its first).
  const laterStart = await bookableStart(page.request, { serviceType: 'furniture-assembly', fromDay, toDay, n: DAYS.upcoming, minStarts: 2, pick: 'last' });
  const later = await createBooking(page, email, { day: laterStart.day, time: laterStart.time });
  const soonerTime = await offeredStart(page.request, laterStart.day, 'custom-project');
  const sooner = await createBooking(page, email, { day: laterStart.day, time: soonerTime, serviceType: 'custom-project' });
  await page.reload();
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText(`Booking #${sooner}`);
  await expect(cards.nth(1)).toContainText(`Booking #${later}`);
  await expectNoAxeViolations(page);

  // Cancelling here takes the booking off this list, and the toast still shows.
  await bookingCard(page, sooner).getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, cancel booking' }).click();
  await expect(toasts(page)).toContainText('Booking Cancelled');
  await expect(cards).toHaveCount(1);
  await expect(bookingCard(page, later)).toBeVisible();
});

test('profile: edit name and phone, cancel resets, email fixed, password card', async ({ page }) => {
  await signUp(page, 'Jamie Fox');
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
  const name = page.getByLabel('Full Name');
  const phone = page.getByLabel('Phone');
  await expect(name).toHaveValue('Jamie Fox');
  await expect(name).toBeDisabled();
  await expect(phone).toBeDisabled();
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  await expect(page.getByText('Your email cannot be changed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change Password' })).toBeDisabled();
  await expect(page.getByText('Password management is not yet available.', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await name.fill('Someone Else');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(name).toHaveValue('Jamie Fox');
  await expect(name).toBeDisabled();

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await name.fill('J');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await expectNoAxeViolations(page);

  await name.fill('Jamie Foxworth');
  await phone.fill('(424) 555-0177');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(page)).toContainText('Profile Updated');
  await expect(name).toBeDisabled();
  await expect(page.getByRole('region', { name: 'Account' })).toContainText('Jamie Foxworth');

  await page.reload();
  await expect(page.getByLabel('Full Name')).toHaveValue('Jamie Foxworth');
  await expect(page.getByLabel('Phone')).toHaveValue('(424) 555-0177');
});

test('availability: block a time and unblock it', async ({ page }) => {
  await signUp(page);
  await page.goto('/dashboard/availability');
  await expect(page.getByRole('heading', { name: 'Manage Your Availability', level: 1 })).toBeVisible();
  const blockButton = page.getByRole('button', { name: 'Block Selected Time' });
  await expect(blockButton).toBeDisabled();
  await expect(page.getByText("You don't have any blocked times for this month.")).toBeVisible();
  await expectNoAxeViolations(page);

  const day = openDay(fromDay, toDay, DAYS.availability);
  const grid = page.getByRole('grid');
  const wanted = format(day, 'MMMM yyyy');
  for (let i = 0; i < 4 && (await grid.getAttribute('aria-label')) !== wanted; i++) {
    const shown = await grid.getAttribute('aria-label');
    await page.getByRole('button', { name: 'Go to the Next Month' }).click();
    await expect(grid).not.toHaveAttribute('aria-label', shown ?? '');
  }
  await expect(grid).toHaveAttribute('aria-label', wanted);
  await page.getByRole('button', { name: format(day, 'EEEE, MMMM d, yyyy'), exact: true }).click();

  const timeSelect = page.getByRole('combobox', { name: 'Time' });
  await expect(timeSelect).toBeEnabled();
  await timeSelect.click();
  await page.getByRole('option', { name: '10:00 AM', exact: true }).click();
  await expect(blockButton).toBeEnabled();
  await blockButton.click();
  await expect(toasts(page)).toContainText('Time Blocked');
  await expect(toasts(page)).toContainText(`Successfully blocked ${cardDate(day)} at 10:00 AM`);

  const blocked = page.getByRole('region', { name: 'Your Blocked Times' });
  const longDate = format(day, 'EEEE, MMMM d, yyyy');
  await expect(blocked).toContainText(longDate);
  await expect(blocked).toContainText('10:00 AM - 11:00 AM');
  await expectNoAxeViolations(page);

  await blocked.getByRole('button', { name: `Remove blocked time on ${longDate} at 10:00 AM` }).click();
  await expect(toasts(page)).toContainText('Time Unblocked');
  await expect(blocked).toContainText("You don't have any blocked times for this month.");
});

test('the small-screen menu toggles, and Logout ends the session', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signUp(page, 'Casey Morgan');
  await page.goto('/dashboard');
  const toggle = page.getByRole('button', { name: 'Account menu' });
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'My Bookings', 'Upcoming Services', 'Manage Availability', 'Profile Settings']);
  await nav.getByRole('link', { name: 'Profile Settings' }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  await toggle.click();
  await nav.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  const me = await page.request.get('/api/auth/user');
  expect(me.status()).toBe(401);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('My Bookings: a paid booking cancelled in time says what happened to the deposit', async ({ page }) => {
  const email = await signUp(page);
  const start = await bookableStart(page.request, { serviceType: 'shelf-mounting', fromDay, toDay, n: DAYS.refund });
  const id = await createBooking(page, email, { day: start.day, time: start.time, serviceType: 'shelf-mounting' });
  // Pay the deposit with the demo provider's test card, as the booking page does.
  const intent = await page.request.post('/api/create-payment-intent', { data: { bookingId: id } });
  expect(intent.status(), await intent.text()).toBe(200);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const paid = await page.request.post('/api/payments/demo/confirm', { data: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' } });
  expect(paid.status(), await paid.text()).toBe(200);

  await page.goto('/dashboard/bookings');
  const card = bookingCard(page, id);
  await expect(card).toContainText('Confirmed');
  await expect(card).not.toContainText('Refund');
  await card.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
  await expect(dialog).toContainText('Your $50 deposit will be refunded to your card.');
  await dialog.getByRole('button', { name: 'Yes, cancel booking' }).click();

  // The demo provider refunds at once; a refund still on its way would read "Refund on its way."
  await expect(toasts(page)).toContainText('Your booking has been successfully cancelled. Deposit refunded.');
  await expect(card).toContainText('Cancelled');
  await expect(card).toContainText('Deposit refunded. Your $50 deposit has been refunded to your card.');
  await page.reload();
  await expect(bookingCard(page, id)).toContainText('Deposit refunded.');
});
