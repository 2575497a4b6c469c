import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, emailOutbox, reviews } from '../../src/server/db/schema';
import { readVersions } from '../../src/server/settings/repositories/settings';
import { shortName, townOf } from '../../src/server/reviews/services/reviews';
import {
  COMMENT_LONG_MESSAGE,
  COMMENT_SHORT_MESSAGE,
  NAME_MESSAGE,
  RATING_MESSAGE,
  REVIEW_ALREADY_SUBMITTED_MESSAGE,
  REVIEW_LINK_INVALID_MESSAGE,
} from '../../src/shared/schemas/reviews';
import {call, freshIp, sessionAs } from '../helpers/accounts';
import { createTestApp, injectJson, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';
import { sentText } from '../helpers/sent-mail';
import { apiRoutes } from '../helpers/routes';

let t: TestApp;
// 2027-04-02 12:00 in Los Angeles (PDT, UTC-7).
const clock = createClock('2027-04-02T19:00:00.000Z');
let adminCookie: Record<string, string>;
let customerCookie: Record<string, string>;

const signIn = async (role: 'admin' | 'customer') => ({ cookie: (await sessionAs(t.db, role)).cookie });

beforeAll(async () => {
  t = await createTestApp({ clock });
  adminCookie = await signIn('admin');
  customerCookie = await signIn('customer');
});
afterAll(async () => t?.close());

const asAdmin = (method: string, url: string, body?: unknown) => injectJson(t.app, method, url, body, adminCookie);
/** The customer's side: a fresh address each time, so the links' rate limits never get in the way here. */
const visitor = (method: string, url: string, body?: unknown) => call(t.app, method, url, { body, ip: freshIp() });

let slot = 0;
/**
 * A confirmed, paid job in March 2027 (past, on the test clock), one hour apart per call. Its $50
 * deposit pays for all of it, so its review request goes with the completion (issue 23: a job
 * with a balance asks with its receipt instead).
 */
async function makeJob(values: Partial<typeof bookings.$inferInsert> = {}) {
  const n = slot++;
  const day = 1 + Math.floor(n / 8);
  const hour = 9 + (n % 8);
  const [row] = await t.db
    .insert(bookings)
    .values({
      serviceType: 'tv-mounting',
      bookingDate: `2027-03-${String(day).padStart(2, '0')}`,
      bookingTime: `${hour > 12 ? hour - 12 : hour}:00 ${hour >= 12 ? 'PM' : 'AM'}`,
      startsAt: new Date(Date.UTC(2027, 2, day, hour + 8)),
      fullName: 'Jordan Avery',
      email: `job-${n}-${randomBytes(3).toString('hex')}@example.com`,
      phone: '310-555-0100',
      address: '1450 Ocean Ave, Santa Monica, CA 90401',
      status: 'confirmed',
      depositPaid: true,
      lines: [{ name: 'TV mount', quantity: 1, unitCents: 5_000, amountCents: 5_000, minutes: 60 }],
      totalCents: 5_000,
      ...values,
    })
    .returning();
  return row;
}

/** Marks the job completed as the owner; returns the token of the review link emailed to the customer. */
async function complete(job: { id: number; email: string }): Promise<string> {
  const res = await asAdmin('POST', `/api/admin/bookings/${job.id}/status`, { status: 'completed' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const mails = await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, job.email), eq(emailOutbox.kind, 'review_request')));
  expect(mails).toHaveLength(1);
  const text = await sentText(t.app, mails[0].id);
  const link = /http:\/\/localhost:5000\/review\/([A-Za-z0-9_-]+)/.exec(text);
  expect(link, text).not.toBeNull();
  return link![1];
}

const GOOD = { rating: 5, comment: 'Mounted our 75 inch TV level on brick, cables hidden. Spotless!' };

/** A job completed, reviewed and published; returns the review's id. */
async function publishedReview(rating: number, values: Partial<typeof bookings.$inferInsert> = {}) {
  const job = await makeJob(values);
  const token = await complete(job);
  expect((await visitor('POST', `/api/reviews/${token}`, { ...GOOD, rating })).status).toBe(201);
  const [row] = await t.db.select().from(reviews).where(eq(reviews.bookingId, job.id));
  expect((await asAdmin('POST', `/api/admin/reviews/${row.id}/publish`)).status).toBe(200);
  return row.id;
}

describe('the review request', () => {
  it('completing a job emails the customer one link that opens the review of that job', async () => {
    const job = await makeJob({ fullName: 'Jordan  Avery-Smith' });
    const res = await asAdmin('POST', `/api/admin/bookings/${job.id}/status`, { status: 'completed' });
    expect(res.body.message).toBe(`Booking #${job.id} is marked completed. The customer has been emailed a link to review the job.`);

    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, job.email));
    expect(mails.map((m) => m.kind)).toEqual(['review_request']);
    const [mail] = mails;
    expect(mail.subject).toBe('How did we do? Review your TV Mounting with Westside Assembly Pros');
    expect(mail.dedupeKey).toBe(`review-request-${job.id}`);
    expect(mail.textBody).toContain('Hi Jordan  Avery-Smith, thank you for choosing Westside Assembly Pros for your TV Mounting on Monday, March 1, 2027.');
    expect(mail.textBody).toContain('Call us at (310) 555-0142');
    const token = /http:\/\/localhost:5000\/review\/([A-Za-z0-9_-]+)\n/.exec(await sentText(t.app, mail.id))![1];
    // 32 random bytes as base64url; only their SHA-256 is stored.
    expect(token).toHaveLength(43);
    const [row] = await t.db.select().from(reviews).where(eq(reviews.bookingId, job.id));
    expect(row).toMatchObject({ status: 'requested', tokenHash: createHash('sha256').update(token).digest('hex'), rating: null, comment: null });
    expect(row.requestedAt.toISOString()).toBe('2027-04-02T19:00:00.000Z');
    expect(JSON.stringify(row)).not.toContain(token);

    const page = await visitor('GET', `/api/reviews/${token}`);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({ serviceName: 'TV Mounting', month: 'March 2027', displayName: 'Jordan A.' });
  });

  it('waits for the receipt when the owner closes a job with a balance with its invoice: the payment that settles it sends one email with the link', async () => {
    const job = await makeJob({ lines: [{ name: 'TV mount', quantity: 1, unitCents: 12_900, amountCents: 12_900, minutes: 90 }], totalCents: 12_900 });
    const res = await asAdmin('POST', `/api/admin/bookings/${job.id}/status`, { status: 'completed', reviewWithReceipt: true });
    expect(res.body.message).toBe(`Booking #${job.id} is marked completed. Its invoice is ready to send; the customer will be asked for a review with the receipt.`);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, job.email))).toEqual([]);
    expect(await t.db.select().from(reviews).where(eq(reviews.bookingId, job.id))).toEqual([]);

    const invoice = await asAdmin('GET', `/api/admin/bookings/${job.id}/invoice`);
    expect((await asAdmin('POST', `/api/admin/invoices/${invoice.body.id}/payments`, { method: 'cash', amountCents: 7_900 })).status).toBe(201);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, job.email));
    expect(mails.map((m) => m.kind)).toEqual(['invoice_receipt']);
    const text = await sentText(t.app, mails[0].id);
    expect(text).toContain('How did we do? Would you take a minute to tell your neighbors how it went?');
    const token = /http:\/\/localhost:5000\/review\/([A-Za-z0-9_-]{43})\n/.exec(text)![1];
    expect((await visitor('GET', `/api/reviews/${token}`)).body).toEqual({ serviceName: 'TV Mounting', month: 'March 2027', displayName: 'Jordan A.' });
  });

  it('goes at completion for a job with a balance unless the owner closes it with its invoice', async () => {
    const job = await makeJob({ lines: [{ name: 'TV mount', quantity: 1, unitCents: 12_900, amountCents: 12_900, minutes: 90 }], totalCents: 12_900 });
    const res = await asAdmin('POST', `/api/admin/bookings/${job.id}/status`, { status: 'completed' });
    expect(res.body.message).toBe(`Booking #${job.id} is marked completed. The customer has been emailed a link to review the job.`);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, job.email));
    expect(mails.map((m) => m.kind)).toEqual(['review_request']);
    // Paid later, the receipt does not ask again.
    const invoice = await asAdmin('GET', `/api/admin/bookings/${job.id}/invoice`);
    expect((await asAdmin('POST', `/api/admin/invoices/${invoice.body.id}/payments`, { method: 'cash', amountCents: 7_900 })).status).toBe(201);
    const after = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, job.email));
    expect(after.map((m) => m.kind)).toEqual(['review_request', 'invoice_receipt']);
    expect(await sentText(t.app, after[1].id)).not.toContain('/review/');
  });

  it('a refused completion emails nothing and opens no review', async () => {
    const job = await makeJob({ status: 'pending', depositPaid: false });
    expect((await asAdmin('POST', `/api/admin/bookings/${job.id}/status`, { status: 'completed' })).status).toBe(409);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, job.email))).toEqual([]);
    expect(await t.db.select().from(reviews).where(eq(reviews.bookingId, job.id))).toEqual([]);
  });

  it('an unknown, mangled or used link is the same 404', async () => {
    const job = await makeJob();
    const token = await complete(job);
    const unknown = await visitor('GET', `/api/reviews/${randomBytes(32).toString('base64url')}`);
    const mangled = await visitor('GET', `/api/reviews/${token.slice(0, -1)}x`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: REVIEW_LINK_INVALID_MESSAGE, code: 'NOT_FOUND' });
    expect(mangled.body).toEqual(unknown.body);
    expect((await visitor('POST', `/api/reviews/${token.slice(0, -1)}x`, GOOD)).body).toEqual(unknown.body);

    expect((await visitor('POST', `/api/reviews/${token}`, GOOD)).status).toBe(201);
    const used = await visitor('GET', `/api/reviews/${token}`);
    expect(used.status).toBe(404);
    expect(used.body).toEqual(unknown.body);
  });
});

describe('POST /api/reviews/:token', () => {
  it('takes one review: the name defaults to "First L.", a second submission is a 409', async () => {
    const job = await makeJob({ fullName: 'Mary Jane Watson' });
    const token = await complete(job);
    const first = await visitor('POST', `/api/reviews/${token}`, { rating: 4, comment: '  Two dressers and a bed, done in an afternoon.  ' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ message: 'Thank you for your review! It will appear on our website once we have read it.' });
    const [row] = await t.db.select().from(reviews).where(eq(reviews.bookingId, job.id));
    expect(row).toMatchObject({ status: 'pending', rating: 4, comment: 'Two dressers and a bed, done in an afternoon.', displayName: 'Mary W.' });
    expect(row.submittedAt?.toISOString()).toBe('2027-04-02T19:00:00.000Z');

    const second = await visitor('POST', `/api/reviews/${token}`, { rating: 1, comment: 'Changed my mind about all of it.', displayName: 'Someone' });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ message: REVIEW_ALREADY_SUBMITTED_MESSAGE, code: 'CONFLICT' });
    const [after] = await t.db.select().from(reviews).where(eq(reviews.id, row.id));
    expect(after).toEqual(row);
  });

  it('keeps the name the customer chose', async () => {
    const job = await makeJob();
    const token = await complete(job);
    expect((await visitor('POST', `/api/reviews/${token}`, { ...GOOD, displayName: ' The Parkers ' })).status).toBe(201);
    const [row] = await t.db.select().from(reviews).where(eq(reviews.bookingId, job.id));
    expect(row.displayName).toBe('The Parkers');
  });

  it.each([
    [{ ...GOOD, rating: 0 }, 'rating', RATING_MESSAGE],
    [{ ...GOOD, rating: 6 }, 'rating', RATING_MESSAGE],
    [{ ...GOOD, rating: 4.5 }, 'rating', RATING_MESSAGE],
    [{ comment: GOOD.comment }, 'rating', RATING_MESSAGE],
    [{ ...GOOD, comment: '   too short   ' }, 'comment', COMMENT_SHORT_MESSAGE],
    [{ ...GOOD, comment: 'x'.repeat(2001) }, 'comment', COMMENT_LONG_MESSAGE],
    [{ rating: 5 }, 'comment', COMMENT_SHORT_MESSAGE],
    [{ ...GOOD, displayName: '  ' }, 'displayName', NAME_MESSAGE],
    [{ ...GOOD, displayName: 'x'.repeat(41) }, 'displayName', NAME_MESSAGE],
  ])('refuses %j with a message for %s, and keeps the link usable', async (body, field, message) => {
    const job = await makeJob();
    const token = await complete(job);
    const res = await visitor('POST', `/api/reviews/${token}`, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message, errors: { [field]: message } });
    expect((await visitor('GET', `/api/reviews/${token}`)).status).toBe(200);
  });

  it('accepts exactly 10 and 2,000 characters and a 40-character name', async () => {
    for (const body of [
      { rating: 1, comment: 'x'.repeat(10) },
      { rating: 5, comment: 'y'.repeat(2000), displayName: 'n'.repeat(40) },
    ]) {
      const token = await complete(await makeJob());
      expect((await visitor('POST', `/api/reviews/${token}`, body)).status).toBe(201);
    }
  });

  it('is rate-limited per address', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await call(t.app, 'POST', `/api/reviews/${randomBytes(32).toString('base64url')}`, { body: GOOD, ip })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(statuses[10]).toBe(429);
  });
});

describe('the owner publishes and hides reviews', () => {
  it('answers 401 signed out and 403 to a customer on every review route, and changes nothing', async () => {
    const job = await makeJob();
    const token = await complete(job);
    await visitor('POST', `/api/reviews/${token}`, GOOD);
    const [row] = await t.db.select().from(reviews).where(eq(reviews.bookingId, job.id));
    const routes = apiRoutes(t.app)
      .filter((r) => r.url.startsWith('/api/admin/reviews'))
      .map((r) => `${r.method} ${r.url}`);
    expect(routes.sort()).toEqual(['GET /api/admin/reviews', 'POST /api/admin/reviews/:id/hide', 'POST /api/admin/reviews/:id/publish']);
    for (const [headers, status] of [
      [{}, 401],
      [customerCookie, 403],
    ] as const) {
      expect((await injectJson(t.app, 'GET', '/api/admin/reviews', undefined, headers)).status).toBe(status);
      expect((await injectJson(t.app, 'POST', `/api/admin/reviews/${row.id}/publish`, undefined, headers)).status).toBe(status);
      expect((await injectJson(t.app, 'POST', `/api/admin/reviews/${row.id}/hide`, undefined, headers)).status).toBe(status);
    }
    const [after] = await t.db.select().from(reviews).where(eq(reviews.id, row.id));
    expect(after.status).toBe('pending');
  });

  it('lists submitted reviews, waiting ones first; publishing shows one as a verified testimonial, hiding takes it away', async () => {
    const job = await makeJob({ fullName: 'Casey Lee', address: '77 Rose Ave, Venice, CA 90291', serviceType: 'furniture-assembly', bookingDate: '2027-02-26', startsAt: new Date('2027-02-26T18:00:00Z') });
    const token = await complete(job);
    const unanswered = await makeJob();
    await complete(unanswered);
    const comment = 'Assembled a wardrobe and two nightstands, quick and tidy.';
    expect((await visitor('POST', `/api/reviews/${token}`, { rating: 4, comment })).status).toBe(201);
    const [row] = await t.db.select().from(reviews).where(eq(reviews.bookingId, job.id));

    const pending = await asAdmin('GET', '/api/admin/reviews?status=pending');
    expect(pending.status).toBe(200);
    const mine = pending.body.reviews.find((r: { id: number }) => r.id === row.id);
    expect(mine).toEqual({
      id: row.id,
      bookingId: job.id,
      status: 'pending',
      rating: 4,
      comment,
      displayName: 'Casey L.',
      customerName: 'Casey Lee',
      serviceName: 'Furniture Assembly',
      month: 'February 2027',
      submittedAt: '2027-04-02T19:00:00.000Z',
      publishedAt: null,
    });
    // A request nobody answered is not the owner's reading.
    const all = await asAdmin('GET', '/api/admin/reviews');
    expect(all.body.reviews.some((r: { bookingId: number }) => r.bookingId === unanswered.id)).toBe(false);
    expect((await asAdmin('GET', '/api/admin/reviews?status=requested')).status).toBe(400);

    const before = await readVersions(t.db);
    const published = await asAdmin('POST', `/api/admin/reviews/${row.id}/publish`);
    expect(published.status).toBe(200);
    expect(published.body.message).toBe('The review by Casey L. is published on the testimonials page.');
    expect(published.body.review).toMatchObject({ status: 'published', publishedAt: '2027-04-02T19:00:00.000Z' });
    expect((await readVersions(t.db)).content).toBe(before.content + 1);

    const list = (await injectJson(t.app, 'GET', '/api/testimonials')).body as { id: number; verified?: boolean }[];
    expect(list.find((x) => x.id === -row.id)).toEqual({
      id: -row.id,
      name: 'Casey L.',
      location: 'Venice, CA',
      comment,
      content: comment,
      rating: 4,
      serviceType: 'Furniture Assembly',
      avatarUrl: null,
      verified: true,
      month: 'February 2027',
    });
    // The owner's own testimonials keep their ids and are not marked.
    const owners = list.filter((x) => !x.verified);
    expect(owners.length).toBeGreaterThan(0);
    expect(owners.every((x) => x.id > 0 && x.verified === false)).toBe(true);
    // Published: first in the list of submitted reviews after any waiting ones, and under ?status=published.
    expect((await asAdmin('GET', '/api/admin/reviews?status=published')).body.reviews.map((r: { id: number }) => r.id)).toContain(row.id);

    const hidden = await asAdmin('POST', `/api/admin/reviews/${row.id}/hide`);
    expect(hidden.status).toBe(200);
    expect(hidden.body.message).toBe('The review by Casey L. is hidden from the public pages.');
    expect((await readVersions(t.db)).content).toBe(before.content + 2);
    const afterHide = (await injectJson(t.app, 'GET', '/api/testimonials')).body as { id: number }[];
    expect(afterHide.some((x) => x.id === -row.id)).toBe(false);

    const statuses = (await asAdmin('GET', '/api/admin/reviews')).body.reviews.map((r: { status: string }) => r.status);
    expect(statuses).toEqual([...statuses].sort((a: string, b: string) => ['pending', 'published', 'hidden'].indexOf(a) - ['pending', 'published', 'hidden'].indexOf(b)));
  });

  it('a review not written yet cannot be published; an unknown one is a 404', async () => {
    const job = await makeJob();
    await complete(job);
    const [row] = await t.db.select().from(reviews).where(eq(reviews.bookingId, job.id));
    const res = await asAdmin('POST', `/api/admin/reviews/${row.id}/publish`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The customer has not written this review yet.');
    expect((await asAdmin('POST', '/api/admin/reviews/999999/hide')).body).toEqual({ message: 'Review not found.', code: 'NOT_FOUND' });
  });
});

describe('GET /api/testimonials/summary', () => {
  it('is null below 5 published reviews, then their count and average', async () => {
    // Start from no published reviews (earlier tests may have published some).
    await t.db.update(reviews).set({ status: 'hidden' }).where(eq(reviews.status, 'published'));
    for (const rating of [5, 4, 5, 4]) await publishedReview(rating);
    const four = await injectJson(t.app, 'GET', '/api/testimonials/summary');
    expect(four.status).toBe(200);
    expect(four.body).toBeNull();

    const fifth = await publishedReview(5);
    expect((await injectJson(t.app, 'GET', '/api/testimonials/summary')).body).toEqual({ count: 5, average: 4.6 });
    // A hidden review leaves the average.
    await asAdmin('POST', `/api/admin/reviews/${fifth}/hide`);
    expect((await injectJson(t.app, 'GET', '/api/testimonials/summary')).body).toBeNull();
  });
});

describe('names and places shown', () => {
  it.each([
    ['Jordan Avery', 'Jordan A.'],
    ['  cher  ', 'cher'],
    ['Mary Jane watson', 'Mary W.'],
  ])('%j is shown as %j', (full, short) => expect(shortName(full)).toBe(short));

  it.each([
    ['1450 Ocean Ave, Santa Monica, CA 90401', 'Santa Monica, CA'],
    ['77 Rose Ave, Venice, ca', 'Venice, CA'],
    ['123 Ocean Ave, Santa Monica', 'Santa Monica'],
    ['123 Ocean Ave Santa Monica 90401', ''],
    ['Unit 4, 12 Main St', ''],
  ])('%j is shown as %j', (address, town) => expect(townOf(address)).toBe(town));
});
