import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { bookableStart, minutesOf, type OfferedStarts } from './helpers/booking-days';
import { fillCard, fillDetails, pickDate, timeGroup } from './helpers/booking-flow';
import { expectNoAxeViolations, SPEC_DAYS, toasts, uniqueEmail } from './helpers/site';

// Issue 22: an instant quote on /book, on a phone. Days 61 to 70 ahead are this spec's.
test.use({ viewport: { width: 375, height: 812 } });

const SERVICE = 'furniture-assembly';
type Item = { id: number; name: string; addOns: { id: number; name: string }[] };
type Quote = { totalCents: number; minutes: number; twoPeople: boolean; lines: { name: string; quantity: number; amountCents: number }[] };
type Pick = { id: number; quantity: number; addOns: number[] };

/** The seeded furniture items by name (src/server/db/seed-price-list.ts), as GET /api/price-list lists them. */
async function furnitureItems(request: APIRequestContext): Promise<(name: string) => Item> {
  const res = await request.get('/api/price-list');
  expect(res.status()).toBe(200);
  const list = (await res.json()) as { serviceType: string; items: Item[] }[];
  const items = list.find((s) => s.serviceType === SERVICE)!.items;
  return (name) => items.find((i) => i.name === name)!;
}

async function quoteOf(request: APIRequestContext, items: Pick[]): Promise<Quote> {
  const res = await request.post('/api/quote', { data: { serviceType: SERVICE, items } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Quote;
}

/** The server's starts for a job of `minutes` (already in quarter hours) and crew need, or for the service, or the one-hour grid. */
function startsFor(request: APIRequestContext, job?: { minutes: number; twoPeople: boolean } | 'grid'): OfferedStarts {
  return async (date, serviceType) => {
    const query = job === 'grid' ? '' : `&serviceType=${serviceType}${job ? `&minutes=${job.minutes}&twoPeople=${job.twoPeople}` : ''}`;
    const res = await request.get(`/api/time-slots?date=${date}${query}`);
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { slotTime: string }[]).map((s) => s.slotTime);
  };
}

const bookedMinutes = (minutes: number) => Math.ceil(minutes / 15) * 15;
/** Amounts and lengths as the page writes them ("$357", "about 4 hours 15 minutes"). */
const dollars = (cents: number) => `$${cents % 100 ? (cents / 100).toFixed(2) : cents / 100}`;
const lengthText = (minutes: number) => {
  const [h, m] = [Math.floor(minutes / 60), minutes % 60];
  return `about ${[h ? `${h} hour${h === 1 ? '' : 's'}` : '', m ? `${m} minute${m === 1 ? '' : 's'}` : ''].filter(Boolean).join(' ')}`;
};

const picker = (page: Page) => page.getByRole('group', { name: 'Your Items (Optional)' });
const yourJob = (page: Page) => page.getByRole('region', { name: 'Your Job' });
const addOne = (page: Page, name: string) => picker(page).getByRole('button', { name: `Add one ${name}`, exact: true }).click();
const quantity = (page: Page, name: string) => picker(page).getByRole('spinbutton', { name: `${name} quantity`, exact: true });

async function openBook(page: Page) {
  await page.goto('/book');
  await page.getByRole('main').getByLabel('Service Type').selectOption(SERVICE);
  await expect(picker(page)).toBeVisible();
}

/** The quote's lines, each with its amount, and the total in the last row. */
async function expectLines(table: Locator, quote: Quote) {
  for (const line of quote.lines) await expect(table.getByRole('row').filter({ hasText: `${line.quantity} × ${line.name}` })).toContainText(dollars(line.amountCents));
  await expect(table.getByRole('row').last()).toHaveText(new RegExp(`^Total\\s*\\${dollars(quote.totalCents)}$`));
}

async function expectQuoteShown(page: Page, quote: Quote) {
  await expect(yourJob(page)).toContainText(`Total: ${dollars(quote.totalCents)}`);
  await expect(yourJob(page)).toContainText(`Job length: ${lengthText(quote.minutes)}`);
  await expectLines(yourJob(page), quote);
}

test('two dressers and a bed frame: the price and length the server quotes, only the starts that fit, booked with its lines', async ({ page }) => {
  const item = await furnitureItems(page.request);
  const [dresser, bed] = [item('Dresser'), item('Bed frame')];
  const quote = await quoteOf(page.request, [
    { id: dresser.id, quantity: 2, addOns: [] },
    { id: bed.id, quantity: 1, addOns: [] },
  ]);
  const job = { minutes: bookedMinutes(quote.minutes), twoPeople: quote.twoPeople };
  const day = await bookableStart(startsFor(page.request, job), { now: new Date(), serviceType: SERVICE, ...SPEC_DAYS.bookQuote, n: 0 });
  // The job's own starts are neither the service's nor the one-hour grid, so the page cannot pass by offering those.
  expect(day.starts).not.toEqual(await startsFor(page.request)(day.day, SERVICE));
  expect(day.starts).not.toEqual(await startsFor(page.request, 'grid')(day.day, SERVICE));

  await openBook(page);
  await expect(yourJob(page)).toContainText('Add items to see your price and how long the job takes.');
  await addOne(page, 'Dresser');
  await addOne(page, 'Dresser');
  await addOne(page, 'Bed frame');
  await expect(quantity(page, 'Dresser')).toHaveValue('2');
  await expect(quantity(page, 'Bed frame')).toHaveValue('1');
  await expectQuoteShown(page, quote);
  await expect(page.getByRole('main').getByLabel('Service Type')).toHaveAccessibleDescription(`Your job takes ${lengthText(quote.minutes)}. The times offered leave room for all of it.`);

  await pickDate(page, day.date);
  await expect(timeGroup(page).getByRole('button')).toHaveText(day.starts);
  await expectNoAxeViolations(page);

  await timeGroup(page).getByRole('button', { name: day.time, exact: true }).click();
  await fillDetails(page);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Complete Your Booking' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Your Appointment' });
  await expect(summary).toContainText(day.time);
  await expectLines(summary, quote);

  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay $50.00 Deposit' }).click();
  await expect(page).toHaveURL(/\/book\/confirmation\?.*redirect_status=succeeded/);
  await expect(page.getByRole('heading', { level: 1, name: 'Booking Confirmed!' })).toBeVisible();
  await expectLines(yourJob(page), quote);
  // The job holds its start now.
  expect(await startsFor(page.request, job)(day.day, SERVICE)).not.toContain(day.time);
});

test('changing the items asks for the starts again, clears a time that no longer fits, and a job over ten hours offers the free estimate', async ({ page }) => {
  const item = await furnitureItems(page.request);
  const [dresser, bed, storageBed] = [item('Dresser'), item('Bed frame'), item('Storage bed')];
  const small = await quoteOf(page.request, [{ id: bed.id, quantity: 1, addOns: [] }]);
  const smallJob = { minutes: bookedMinutes(small.minutes), twoPeople: small.twoPeople };
  const day = await bookableStart(startsFor(page.request, smallJob), { now: new Date(), serviceType: SERVICE, ...SPEC_DAYS.bookQuote, n: 3, pick: 'last' });

  await openBook(page);
  await addOne(page, 'Bed frame');
  await expectQuoteShown(page, small);
  await pickDate(page, day.date);
  await expect(timeGroup(page).getByRole('button')).toHaveText(day.starts);
  await timeGroup(page).getByRole('button', { name: day.time, exact: true }).click();

  // A dresser more: a longer job, whose starts end earlier that day; the day's last start goes, and the notice says why.
  await addOne(page, 'Dresser');
  const withDresser = await quoteOf(page.request, [
    { id: dresser.id, quantity: 1, addOns: [] },
    { id: bed.id, quantity: 1, addOns: [] },
  ]);
  await expectQuoteShown(page, withDresser);
  await expect(timeGroup(page).locator('[aria-pressed="true"]')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: day.time })).toHaveText(
    `${day.time} doesn't fit a Furniture Assembly job (${lengthText(withDresser.minutes)}) that day. Please pick another time.`,
  );

  // Two dressers and their anchors: the starts are asked for again.
  const anchor = dresser.addOns.find((a) => a.name === 'Anchor to the wall (anti-tip)')!;
  await addOne(page, 'Dresser');
  await picker(page).getByRole('checkbox', { name: /^Anchor to the wall \(anti-tip\)/ }).check();
  const bigger = await quoteOf(page.request, [
    { id: dresser.id, quantity: 2, addOns: [anchor.id] },
    { id: bed.id, quantity: 1, addOns: [] },
  ]);
  await expectQuoteShown(page, bigger);
  const biggerStarts = await startsFor(page.request, { minutes: bookedMinutes(bigger.minutes), twoPeople: bigger.twoPeople })(day.day, SERVICE);
  expect(biggerStarts).not.toContain(day.time);
  await expect(timeGroup(page).getByRole('button')).toHaveText(biggerStarts);

  // A "from" price makes the total a "from" total.
  await expect(picker(page).getByRole('listitem').filter({ hasText: 'Storage bed' })).toContainText('from $229');
  await addOne(page, 'Storage bed');
  const withFrom = await quoteOf(page.request, [
    { id: dresser.id, quantity: 2, addOns: [anchor.id] },
    { id: bed.id, quantity: 1, addOns: [] },
    { id: storageBed.id, quantity: 1, addOns: [] },
  ]);
  await expect(yourJob(page)).toContainText(`Total: from ${dollars(withFrom.totalCents)}`);
  await expect(yourJob(page)).toContainText(`Job length: ${lengthText(withFrom.minutes)}`);
  await picker(page).getByRole('button', { name: 'Remove one Storage bed', exact: true }).click();
  await expect(yourJob(page)).toContainText(`Total: ${dollars(bigger.totalCents)}`);

  // Four dressers and four bed frames: more than one visit.
  await quantity(page, 'Dresser').fill('4');
  await quantity(page, 'Bed frame').fill('4');
  const tooLong = await quoteOf(page.request, [
    { id: dresser.id, quantity: 4, addOns: [anchor.id] },
    { id: bed.id, quantity: 4, addOns: [] },
  ]);
  expect(tooLong.minutes).toBeGreaterThan(600);
  const notice = `This job takes ${lengthText(tooLong.minutes)}, more than one visit we book online (10 hours at most). Choose fewer items, or ask for a free estimate and we plan it with you.`;
  await expect(yourJob(page)).toContainText(notice);
  await expect(timeGroup(page)).toHaveCount(0);
  const estimate = page.getByRole('link', { name: 'free estimate' });
  await expect(estimate).toHaveCount(2);
  for (const link of await estimate.all()) await expect(link).toHaveAttribute('href', '/estimate');
  await expectNoAxeViolations(page);
  await fillDetails(page);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(toasts(page)).toContainText(notice);
  await expect(page.getByRole('heading', { name: 'Schedule an Appointment' })).toBeVisible();

  // Back under ten hours: the starts of that job come back.
  await quantity(page, 'Bed frame').fill('1');
  const fewer = await quoteOf(page.request, [
    { id: dresser.id, quantity: 4, addOns: [anchor.id] },
    { id: bed.id, quantity: 1, addOns: [] },
  ]);
  await expectQuoteShown(page, fewer);
  const fewerStarts = await startsFor(page.request, { minutes: bookedMinutes(fewer.minutes), twoPeople: fewer.twoPeople })(day.day, SERVICE);
  await expect(timeGroup(page).getByRole('button')).toHaveText(fewerStarts);
});

test('a start taken from under the job meanwhile: the server’s message, and fresh starts without it', async ({ page }) => {
  const item = await furnitureItems(page.request);
  const [dresser, bed] = [item('Dresser'), item('Bed frame')];
  const items = [
    { id: dresser.id, quantity: 2, addOns: [] },
    { id: bed.id, quantity: 1, addOns: [] },
  ];
  const quote = await quoteOf(page.request, items);
  const job = { minutes: bookedMinutes(quote.minutes), twoPeople: quote.twoPeople };
  const day = await bookableStart(startsFor(page.request, job), { now: new Date(), serviceType: SERVICE, ...SPEC_DAYS.bookQuote, n: 6 });

  await openBook(page);
  await addOne(page, 'Dresser');
  await addOne(page, 'Dresser');
  await addOne(page, 'Bed frame');
  await pickDate(page, day.date);
  await timeGroup(page).getByRole('button', { name: day.time, exact: true }).click();
  await fillDetails(page);

  // Someone books a one-hour job two to four hours after that start: it stays free for an hour's job, not for this one.
  const later = (await startsFor(page.request)(day.day, 'shelf-mounting')).find((t) => minutesOf(t) - minutesOf(day.time) >= 120 && minutesOf(t) - minutesOf(day.time) <= 240);
  expect(later, `a shelf-mounting start 2 to 4 hours after ${day.time} on ${day.day}`).toBeTruthy();
  const contact = { fullName: 'Someone Else', phone: '(310) 555-0100', address: '200 Main St, Venice, CA 90291', depositAmount: 50, totalAmount: 50 };
  const other = await page.request.post('/api/bookings', { data: { ...contact, serviceType: 'shelf-mounting', bookingDate: day.day, bookingTime: later, email: uniqueEmail('book-quote') } });
  expect(other.status(), await other.text()).toBe(201);
  const fresh = await startsFor(page.request, job)(day.day, SERVICE);
  expect(fresh).not.toContain(day.time);
  const refused = await page.request.post('/api/bookings', { data: { ...contact, serviceType: SERVICE, bookingDate: day.day, bookingTime: day.time, email: uniqueEmail('book-quote'), items } });
  expect(refused.status()).toBe(409);
  const { code, message } = (await refused.json()) as { code: string; message: string };
  expect(code).toBe('JOB_DOES_NOT_FIT');

  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(toasts(page)).toContainText(message);
  await expect(page.getByRole('heading', { name: 'Schedule an Appointment' })).toBeVisible();
  await expect(timeGroup(page).getByRole('button')).toHaveText(fresh);
  await expect(timeGroup(page).locator('[aria-pressed="true"]')).toHaveCount(0);
  await expect(timeGroup(page)).toHaveAccessibleDescription(message);
});
