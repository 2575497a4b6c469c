import { expect, test } from '@playwright/test';
import { format } from 'date-fns';
import { fillCard, fillDetails, pickDate, pickFirstSlot } from './helpers/booking-flow';
import { bookableStart, signUpAndSignIn, SPEC_DAYS } from './helpers/site';

// The journey across areas: a signed-in customer books and pays on /book, and the booking is then
// theirs in My Bookings. Dates 36 to 39 days ahead (SPEC_DAYS.journey), a day offering shelf mounting.
test('a booking made on /book while signed in appears, confirmed, in My Bookings', async ({ page }) => {
  const email = await signUpAndSignIn(page, { prefix: 'journey', fullName: 'Casey Morgan' });
  const { date } = await bookableStart(page.request, { serviceType: 'shelf-mounting', ...SPEC_DAYS.journey });

  await page.goto('/book');
  await page.getByRole('main').getByLabel('Service Type').selectOption('shelf-mounting');
  await pickDate(page, date);
  const time = await pickFirstSlot(page);
  await fillDetails(page, email);
  await page.getByRole('main').getByLabel('Service Address').fill('2200 Main St, Venice, CA 90291');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Complete Your Booking' })).toBeVisible();

  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay $50.00 Deposit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed!' })).toBeVisible();

  await page.goto('/dashboard/bookings');
  await expect(page.getByRole('heading', { name: 'My Bookings' })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: '2200 Main St, Venice, CA 90291' });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Shelf Mounting');
  await expect(card).toContainText(/Booking #\d+/);
  await expect(card).toContainText('Confirmed');
  await expect(card).toContainText(format(date, 'MMMM d, yyyy'));
  await expect(card).toContainText(time);
});
