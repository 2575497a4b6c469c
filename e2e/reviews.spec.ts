import { expect, test, type Page } from '@playwright/test';
import { addDays, format, parseISO } from 'date-fns';
import { axeViolations, describeViolations } from './helpers/axe';
import { emailedLink, signInAsOwner } from './helpers/owner';
import { fulfillJson, hydrated, TESTIMONIALS_FIXTURE } from './public-fixtures';
import { businessToday, SPEC_DAYS, toasts, uniqueEmail } from './helpers/site';

// Booking dates for this spec: 71 to 74 days ahead on the business clock (SPEC_DAYS.reviews,
// between dashboard's and admin's days), never a Sunday, at a start offered for the service it
// books. A time another spec took is skipped.
const { fromDay: FIRST_DAY, toDay: LAST_DAY } = SPEC_DAYS.reviews;

/** A booking made through the public API on the first free time of this spec's days. */
async function createBooking(page: Page, email: string, fullName: string) {
  for (let n = FIRST_DAY; n <= LAST_DAY; n++) {
    const day = addDays(businessToday(), n);
    if (day.getDay() === 0) continue;
    const date = format(day, 'yyyy-MM-dd');
    const slots = await page.request.get(`/api/time-slots?date=${date}&serviceType=furniture-assembly`);
    expect(slots.ok()).toBe(true);
    for (const slot of (await slots.json()) as { slotTime: string }[]) {
      const res = await page.request.post('/api/bookings', {
        data: {
          serviceType: 'furniture-assembly',
          bookingDate: date,
          bookingTime: slot.slotTime,
          fullName,
          phone: '(310) 555-0166',
          email,
          address: '1450 Ocean Ave, Santa Monica, CA 90401',
          depositAmount: 50,
          totalAmount: 50,
        },
      });
      if (res.status() === 409) continue;
      expect(res.status(), await res.text()).toBe(201);
      return { id: ((await res.json()) as { id: number }).id, date };
    }
  }
  throw new Error('no free time in the reviews spec days');
}

async function expectNoViolationsAt(page: Page, widths: number[]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    const violations = await axeViolations(page);
    expect(violations, `${width} px: ${describeViolations(violations)}`).toEqual([]);
  }
}

test('a customer reviews the job from the emailed link, the owner publishes it, it shows on /testimonials as verified', async ({ page }) => {
  const email = uniqueEmail('reviews-e2e');
  const comment = `Two wardrobes and a desk, assembled fast and tidy. Ref ${Date.now()}.`;
  const booking = await createBooking(page, email, 'Riley Reviewer');
  const month = format(parseISO(booking.date), 'MMMM yyyy');

  // The owner confirms, then completes the job: the customer is emailed the review link.
  await signInAsOwner(page);
  for (const status of ['confirmed', 'completed']) {
    const res = await page.request.post(`/api/admin/bookings/${booking.id}/status`, { data: { status } });
    expect(res.status(), await res.text()).toBe(200);
  }
  const link = await emailedLink(email, /\/review\/[\w-]{43}/, 'the review request email');

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'How did we do?', level: 1 })).toBeVisible();
  await expect(page.getByText(`Your Furniture Assembly job in ${month}.`)).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(page.getByLabel('Name shown with your review')).toHaveValue('Riley R.');
  await expectNoViolationsAt(page, [375, 1280]);

  // Submitting with nothing chosen says what is missing.
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Choose a rating from 1 to 5 stars')).toBeVisible();
  await expect(page.getByText('Please write at least 10 characters about the job')).toBeVisible();

  // The stars are a radio group: a click on the third star picks 3, then the arrow keys move to 5.
  await page.locator('label', { has: page.getByRole('radio', { name: '3 stars, Good' }) }).click();
  await expect(page.getByRole('radio', { name: '3 stars, Good' })).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '5 stars, Excellent' })).toBeChecked();
  await expect(page.getByText('Choose a rating from 1 to 5 stars')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Your review', exact: true }).fill(comment);
  await expect(page.getByText(`${comment.length} / 2,000 characters`)).toBeVisible();
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expectNoViolationsAt(page, [375]);

  // The link works once.
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText('This review link is not valid or has already been used.');
  await expect(page.getByRole('link', { name: 'Contact Us' }).last()).toBeVisible();

  // The owner reads it first in the Reviews tab and publishes it.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Reviews' }).click();
  const waiting = page.getByRole('region', { name: /Waiting for you/ });
  const card = waiting.getByRole('listitem').filter({ hasText: comment });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Riley Reviewer');
  await expect(card).toContainText(`Furniture Assembly, ${month}`);
  await expect(card.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
  await expectNoViolationsAt(page, [375, 1280]);
  await card.getByRole('button', { name: 'Publish the review by Riley R.' }).click();
  await expect(toasts(page).filter({ hasText: 'Review Published' })).toContainText('The review by Riley R. is published on the testimonials page.');
  const published = page.getByRole('region', { name: /^Published/ }).getByRole('listitem').filter({ hasText: comment });
  await expect(published).toBeVisible();
  await expect(published.getByRole('button', { name: 'Hide the review by Riley R.' })).toBeVisible();

  // The public page shows it, marked, in its server-rendered HTML too.
  const review = page.getByRole('article').filter({ hasText: comment });
  await expect(async () => {
    await page.goto('/testimonials');
    await expect(review).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(review).toContainText('Verified customer');
  await expect(review).toContainText(`Furniture Assembly, ${month}`);
  await expect(review).toContainText('Riley R.');
  await expect(review).toContainText('Santa Monica, CA');
  const html = await (await page.request.get('/testimonials')).text();
  expect(html).toContain(comment);
});

test('an unknown review link says so, and the page is kept out of search engines', async ({ page }) => {
  const res = await page.goto('/review/not-a-real-token-at-all-000000000000000000000');
  expect(res?.status()).toBe(200);
  expect(res?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(page.getByRole('alert')).toHaveText('This review link is not valid or has already been used.');
  await expectNoViolationsAt(page, [375, 1280]);
  const robots = await (await page.request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /review/');
});

const VERIFIED = {
  id: -7,
  name: 'Dana K.',
  location: 'Venice, CA',
  comment: 'Our 85 inch TV is level and the cables are gone.',
  content: 'Our 85 inch TV is level and the cables are gone.',
  rating: 5,
  serviceType: 'TV Mounting',
  avatarUrl: null,
  verified: true,
  month: 'March 2027',
};

test('the home carousel marks a verified review with its service and month', async ({ page }) => {
  await fulfillJson(page, '**/api/testimonials', [VERIFIED, ...TESTIMONIALS_FIXTURE]);
  await page.goto('/');
  await hydrated(page);
  const carousel = page.getByRole('region', { name: 'Customer testimonials' });
  await expect(carousel).toContainText(VERIFIED.content);
  await expect(carousel).toContainText('Verified customer');
  await expect(carousel).toContainText('TV Mounting, March 2027');
  await expect(carousel).toContainText('Venice, CA');
  await page.getByRole('button', { name: 'Pause testimonials' }).click();
  await page.getByRole('button', { name: 'Next testimonial' }).click();
  // The owner's own testimonials carry no mark.
  await expect(carousel).toContainText(TESTIMONIALS_FIXTURE[0].content);
  await expect(carousel).not.toContainText('Verified customer');
});

test("/testimonials shows the reviews' average and count once the server has them", async ({ page }) => {
  await fulfillJson(page, '**/api/testimonials', [VERIFIED, ...TESTIMONIALS_FIXTURE]);
  await fulfillJson(page, '**/api/testimonials/summary', { count: 12, average: 4.8 });
  await page.goto('/testimonials');
  await hydrated(page);
  const stats = page.getByRole('region', { name: 'Our record' });
  await expect(stats).toContainText('Average Rating4.8');
  await expect(stats).toContainText('Verified Reviews12');
  await expect(stats).not.toContainText('98%');
  await expect(page.getByRole('article').filter({ hasText: VERIFIED.content })).toContainText('Verified customer');
});
