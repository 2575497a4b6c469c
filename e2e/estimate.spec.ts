import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { fillCard, pickDate, timeGroup } from './helpers/booking-flow';
import { signInAsOwner, emailedLink } from './helpers/owner';
import { expectNoAxeViolations, iso, openDay, SPEC_DAYS, uniqueEmail } from './helpers/site';

/**
 * A free estimate from photos, end to end at 375 px (issue 22): a visitor sends two photos, the
 * owner quotes the request from Requests, the customer approves the quote, books a start the
 * server offers for the quoted job and pays the deposit. Bookings fall 30 to 35 days ahead
 * (SPEC_DAYS.estimate).
 */
const PHONE = { width: 375, height: 800 };
/** Screenshots of each screen at 375 px, for a person to look at. */
const SHOTS = join(process.env.TEST_RESULTS_DIR ?? 'test-results', 'shots');
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `estimate-${name}.png`), fullPage: true });
const ADDRESS = '1450 Ocean Ave, Santa Monica, CA 90401';

/** A small JPEG of one colour carrying an EXIF block (a camera's make and a GPS position), as phones send them. */
function photo(name: string, rgb: [number, number, number]) {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'E2E Camera', Model: 'Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '34/1 1/1 0/1' } })
    .toBuffer()
    .then((buffer) => ({ name, mimeType: 'image/jpeg', buffer }));
}

const main = (page: Page) => page.getByRole('main');

async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  return context.newPage();
}

/** The first day of this spec's range with a start for a job of `minutes` (booked length) for one crew, and the starts offered. */
async function dayForJob(request: APIRequestContext, minutes: number): Promise<{ date: Date; starts: string[] }> {
  const { fromDay, toDay } = SPEC_DAYS.estimate;
  for (let n = 0; ; n++) {
    const date = openDay(fromDay, toDay, n);
    const res = await request.get(`/api/time-slots?date=${iso(date)}&serviceType=tv-mounting&minutes=${minutes}&twoPeople=false`);
    expect(res.status(), await res.text()).toBe(200);
    const starts = ((await res.json()) as { slotTime: string }[]).map((s) => s.slotTime);
    if (starts.length) return { date, starts };
  }
}

test('a visitor sends an estimate with two photos, the owner quotes it, the customer approves, books and pays the deposit', async ({ browser }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const stamp = Date.now();
  const name = `Casey Estimate ${stamp}`;
  const email = uniqueEmail('estimate');
  const description = `Mount a 55-inch TV on the living room wall and patch two old holes (${stamp}).`;

  // The visitor, on a phone.
  const visitor = await phonePage(browser);
  await visitor.goto('/estimate');
  await expect(visitor).toHaveTitle('Free Estimate from Photos | Westside Assembly Pros');
  await expect(main(visitor).getByRole('heading', { level: 1, name: 'Get a Free Estimate' })).toBeVisible();
  const form = main(visitor).getByRole('form', { name: 'Free estimate request' });
  await expect(form).toHaveAttribute('method', 'post');
  await expect(form).toHaveAttribute('enctype', 'multipart/form-data');

  // Sent empty: each field says what it needs, the photos too.
  await form.getByRole('button', { name: 'Send Request' }).click();
  await expect(form.getByText('Tell us what needs doing (at least 10 characters)')).toBeVisible();
  await expect(form.getByText('Add at least one photo of the work (JPEG, PNG or WebP).')).toBeVisible();

  await form.getByLabel('What Needs Doing').fill(description);
  await form.getByLabel('Add photos').setInputFiles([await photo('wall.jpg', [180, 60, 40]), await photo('tv.jpg', [40, 60, 180])]);
  await expect(form.getByRole('list', { name: 'Photos added' }).getByRole('img')).toHaveCount(2);
  await expect(form.getByText('2 of 6 photos')).toBeVisible();
  // Not a photo: left out, named.
  await form.getByLabel('Add more photos').setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(form.getByText('notes.pdf is not a photo we can read. Send JPEG, PNG or WebP photos.')).toBeVisible();
  await expect(form.getByRole('list', { name: 'Photos added' }).getByRole('img')).toHaveCount(2);

  await form.getByLabel('Service Address').fill(ADDRESS);
  await form.getByLabel('Full Name').fill(name);
  await form.getByLabel('Phone Number').fill('(310) 555-0142');
  await form.getByLabel('Email Address').fill(email);
  await form.getByLabel('Preferred Days (Optional)').fill('Weekday mornings');
  await expectNoAxeViolations(visitor);
  await shot(visitor, 'form');
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await form.getByRole('button', { name: 'Send Request' }).click();
  await expect(main(visitor).getByRole('heading', { name: 'Request Sent' })).toBeFocused();
  await expect(main(visitor).getByRole('status')).toContainText(
    'Thank you! We have your photos and will email you a price within one business day. Nothing is booked or charged until you approve it.',
  );

  // The owner, on a phone: Requests, new first.
  const owner = await phonePage(browser);
  await signInAsOwner(owner);
  await owner.goto('/admin');
  await owner.getByRole('tab', { name: 'Requests' }).click();
  const row = owner.getByRole('list', { name: 'Estimate requests' }).getByRole('button').filter({ hasText: name });
  await expect(row).toContainText('New');
  await expect(row).toContainText('2 photos');
  await row.click();
  await expect(owner.getByRole('heading', { level: 2, name })).toBeFocused();
  await expect(owner.getByText(description)).toBeVisible();
  await expect(owner.getByRole('link', { name: `Email ${name} at ${email}` })).toHaveAttribute('href', `mailto:${email}`);
  const photos = owner.getByRole('list', { name: 'Photos' }).getByRole('button');
  await expect(photos).toHaveCount(2);

  // A photo opens over the whole screen; Escape closes it.
  await photos.first().click();
  const viewer = owner.getByRole('dialog', { name: 'Photo 1 of 2' });
  await expect(viewer).toBeVisible();
  const full = viewer.getByRole('img', { name: `Photo 1 sent by ${name}` });
  await expect(full).toBeVisible();
  await shot(owner, 'photo-full-screen');
  expect((await full.boundingBox())!.width).toBeGreaterThan(PHONE.width * 0.9);
  await viewer.getByRole('button', { name: 'Next photo' }).click();
  await expect(owner.getByRole('dialog', { name: 'Photo 2 of 2' })).toBeVisible();
  await owner.keyboard.press('Escape');
  await expect(owner.getByRole('dialog')).toHaveCount(0);

  // The photo as stored: decoded and written anew, without the EXIF block it was sent with.
  const listed = (await (await owner.request.get('/api/admin/estimates')).json()) as { id: number; fullName: string }[];
  const requestId = listed.find((r) => r.fullName === name)!.id;
  const stored = await owner.request.get(`/api/admin/estimates/${requestId}/photos/1`);
  expect(stored.headers()['content-type']).toMatch(/^image\//);
  expect((await sharp(await stored.body()).metadata()).exif).toBeUndefined();

  // The quote: an item of the price list, then a free-text line.
  const list = (await (await owner.request.get('/api/price-list')).json()) as { serviceType: string; items: { id: number; name: string; priceCents: number; minutes: number; twoPeople: boolean }[] }[];
  const tv = list.find((s) => s.serviceType === 'tv-mounting')!.items.find((i) => !i.twoPeople)!;
  const quoteForm = owner.getByRole('form', { name: 'Quote' });
  const line1 = quoteForm.getByRole('group', { name: 'Line 1' });
  await line1.getByLabel('From the price list').selectOption(`item:${tv.id}`);
  await expect(line1.getByLabel('Description')).toHaveValue(tv.name);
  await expect(line1.getByLabel('Minutes')).toHaveValue(String(tv.minutes));
  await quoteForm.getByRole('button', { name: 'Add a line' }).click();
  const line2 = quoteForm.getByRole('group', { name: 'Line 2' });
  await line2.getByLabel('Description').fill('Patch and paint two old holes');
  await line2.getByLabel('Unit price ($)').fill('35.50');
  await line2.getByLabel('Minutes').fill('30');
  const totalCents = tv.priceCents + 3550;
  const minutes = tv.minutes + 30;
  const dollars = (cents: number) => `$${(cents / 100).toFixed(cents % 100 ? 2 : 0)}`;
  await expect(quoteForm.getByText(`Total ${dollars(totalCents)}`)).toBeVisible();
  await quoteForm.getByLabel('Note to the customer (optional)').fill('Bring the TV box; we bring the mount.');
  await expect(quoteForm.getByLabel('Valid for (days)')).toHaveValue('14');
  await expectNoAxeViolations(owner);
  await shot(owner, 'request');
  await quoteForm.getByRole('button', { name: 'Send quote' }).click();
  await expect(owner.getByRole('region', { name: 'Notifications (F8)' })).toContainText('Quote Sent');
  await expect(owner.getByRole('heading', { level: 2, name }).locator('..')).toContainText('Quoted');

  // The customer opens the emailed link, on a phone.
  const customer = visitor;
  const quoteLink = await emailedLink(email, /\/quote\/[\w-]+/, 'the quote email');
  await customer.goto(quoteLink);
  await expect(main(customer).getByRole('heading', { level: 1, name: 'Your Quote' })).toBeVisible();
  const work = main(customer).getByRole('table', { name: 'The work quoted' });
  await expect(work).toContainText(`1 × ${tv.name}`);
  await expect(work).toContainText('1 × Patch and paint two old holes');
  await expect(work.getByRole('row', { name: /Total/ })).toContainText(dollars(totalCents));
  await expect(main(customer).getByText('Bring the TV box; we bring the mount.')).toBeVisible();
  await expectNoAxeViolations(customer);
  await shot(customer, 'quote');
  await main(customer).getByRole('button', { name: 'Approve and book' }).click();

  // Only starts where the whole job fits: the grid is what the server offers for it.
  const booked = Math.ceil(minutes / 15) * 15;
  const { date, starts } = await dayForJob(customer.request, booked);
  await pickDate(customer, date);
  await expect(timeGroup(customer).getByRole('button')).toHaveText(starts);
  const time = starts.at(-1)!;
  await timeGroup(customer).getByRole('button', { name: time, exact: true }).click();
  await main(customer).getByLabel('Full Name').fill(name);
  await main(customer).getByLabel('Phone Number').fill('(310) 555-0142');
  await main(customer).getByLabel('Email Address').fill(email);
  await main(customer).getByLabel('Service Address').fill(ADDRESS);
  await expectNoAxeViolations(customer);
  await shot(customer, 'quote-booking');
  await main(customer).getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(main(customer).getByRole('heading', { name: 'Complete Your Booking' })).toBeVisible();
  await expect(main(customer).getByRole('region', { name: 'Your Appointment' })).toContainText(time);
  await fillCard(customer, '4242 4242 4242 4242');
  await main(customer).getByRole('button', { name: 'Pay $50.00 Deposit' }).click();
  await expect(customer).toHaveURL(/\/book\/confirmation\?.*redirect_status=succeeded/);
  await expect(customer.getByRole('heading', { level: 1, name: 'Booking Confirmed!' })).toBeVisible();

  // Booked once: the link is spent, and the owner sees the request booked.
  await customer.goto(quoteLink);
  await expect(main(customer).getByRole('heading', { name: 'This quote link is no longer valid' })).toBeVisible();
  await shot(customer, 'quote-used');
  const after = (await (await owner.request.get(`/api/admin/estimates/${requestId}`)).json()) as { status: string };
  expect(after.status).toBe('booked');
});
