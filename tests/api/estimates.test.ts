import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, estimatePhotos, estimates, smsOutbox, uploads } from '../../src/server/db/schema';
import { WORKERS } from '../../src/server/workers';
import { call, freshIp, sessionAs } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';
import sharp from 'sharp';
import { ESTIMATE_FIELDS, multipartBody, photo, quote, QUOTE_LINE, quoteTokenOf, sendRequest, submit, type FormFile } from '../helpers/estimates';
import { startFakeRecaptcha } from '../helpers/fake-recaptcha';
import { startFakeTwilio, type FakeTwilio } from '../helpers/fake-twilio';
import { pick } from '../helpers/priced-jobs';
import { sentText } from '../helpers/sent-mail';

/**
 * Issue 22, part 3: a free estimate from photos. POST /api/estimates (multipart: the photos
 * decoded, upright, resized and stored without metadata; the refusals naming the problem; the
 * messages it sends), and the owner's Requests API: the list, one request, its photos, a quote, a no.
 */

// Tuesday 2026-12-01, 9:00 AM in Los Angeles.
const START = '2026-12-01T17:00:00Z';
const clock = createClock(START);
let t: TestApp;
let fake: FakeTwilio;
let admin: string;
let customer: string;

beforeAll(async () => {
  fake = await startFakeTwilio();
  t = await createTestApp({ clock, env: fake.env() });
  admin = (await sessionAs(t.db, 'admin')).cookie;
  customer = (await sessionAs(t.db, 'customer')).cookie;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  clock.set(START);
  fake.reset();
});

const asOwner = (method: string, url: string, body?: unknown) => call(t.app, method, url, { body, headers: { cookie: admin }, ip: freshIp() });
const emailsOf = (kind: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, kind));
const estimateRows = () => t.db.select().from(estimates);
const runWorker = (name: string) => WORKERS.find((w) => w.name === name)!.run(t.app);

describe('POST /api/estimates', () => {
  it('stores the request with its photos (private uploads), emails and texts the business its /admin link, and acknowledges in fixed words', async () => {
    const res = await sendRequest(t, { fullName: 'Dana <b>Whitfield</b>', recaptchaToken: '', unknownField: 'ignored' }, [await photo(1), await photo(2, { format: 'png', width: 80 })]);
    expect(res.status, res.raw).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number) });
    const { id } = res.body;
    const [row] = await t.db.select().from(estimates).where(eq(estimates.id, id));
    expect(row).toMatchObject({ status: 'new', ...ESTIMATE_FIELDS, fullName: 'Dana <b>Whitfield</b>', areaChecked: true, botCheck: 'off' });
    const photos = await t.db.select().from(estimatePhotos).where(eq(estimatePhotos.estimateId, id));
    const stored = await t.db.select().from(uploads).where(inArray(uploads.name, photos.map((p) => p.uploadName)));
    expect(photos.map((p) => [p.n, p.width, p.height, p.bytes])).toEqual([
      [1, 64, 48, stored.find((u) => u.name === photos[0].uploadName)!.data.length],
      [2, 80, 48, stored.find((u) => u.name === photos[1].uploadName)!.data.length],
    ]);
    expect(stored.map((u) => [u.contentType, u.isPrivate]).sort()).toEqual([
      ['image/jpeg', true],
      ['image/png', true],
    ]);
    // The gallery's public route does not serve them.
    expect((await call(t.app, 'GET', `/uploads/${photos[0].uploadName}`)).status).toBe(404);

    const [business] = (await emailsOf('estimate-business')).filter((m) => m.dedupeKey === `estimate-business-${id}`);
    expect(business).toMatchObject({ toAddress: t.config.businessEmail, subject: `Estimate request #${id} from Dana <b>Whitfield</b>` });
    const businessText = await sentText(t.app, business.id);
    expect(businessText).toContain(`Dana <b>Whitfield</b> asked for a free estimate and sent 2 photos. See the photos and send a quote: http://localhost:5000/admin?request=${id}`);
    expect(businessText).toContain(ESTIMATE_FIELDS.description);
    expect(businessText).toContain('Preferred days: Weekday mornings');

    const [text] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.dedupeKey, `estimate-business-${id}`));
    expect(text).toMatchObject({
      kind: 'estimate_business',
      toPhone: '+13105550142',
      body: `Westside Assembly Pros: new estimate request #${id} from Dana <b>Whitfield</b>, 2 photos. http://localhost:5000/admin?request=${id}`,
    });

    const [ack] = (await emailsOf('estimate-ack')).filter((m) => m.toAddress === ESTIMATE_FIELDS.email);
    expect(ack.subject).toBe('We received your estimate request | Westside Assembly Pros');
    const ackText = await sentText(t.app, ack.id);
    expect(ackText).toContain('We received your request for a free estimate and your photos. We will look at them and email you a quote, usually within one business day.');
    // Nothing the visitor typed is relayed to the address they typed.
    for (const typed of ['Dana', 'fireplace', 'Weekday', 'Ocean']) expect(ackText).not.toContain(typed);
  });

  it('keeps no EXIF block of a photo (no GPS position, no camera), turns it upright and shrinks it to 2000 pixels', async () => {
    const sent = await photo(1, { gps: true, orientation: 6, width: 64, height: 48 });
    const before = await sharp(sent.bytes).metadata();
    // The photo as sent carries a GPS block (the GPS IFD pointer, tag 0x8825) and its orientation.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(before.orientation).toBe(6);
    const large = await photo(2, { format: 'webp', width: 3000, height: 1500 });
    const { id } = await submit(t, {}, [sent, large]);
    const photos = await t.db.select().from(estimatePhotos).where(eq(estimatePhotos.estimateId, id)).orderBy(estimatePhotos.n);
    const [first, second] = await Promise.all(photos.map(async (p) => (await t.db.select().from(uploads).where(eq(uploads.name, p.uploadName)))[0]));
    const after = await sharp(first.data).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 48, height: 64 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(first.data.includes(Buffer.from('Exif'))).toBe(false);
    expect(first.data.includes(Buffer.from('PhotoTestCam'))).toBe(false);
    expect(await sharp(second.data).metadata()).toMatchObject({ format: 'webp', width: 2000, height: 1000 });
    expect(photos.map((p) => [p.width, p.height])).toEqual([
      [48, 64],
      [2000, 1000],
    ]);
  });

  it('acknowledges one address once a day, and says "area not checked" for an address without a ZIP', async () => {
    const email = 'twice@example.com';
    await submit(t, { email });
    const { id } = await submit(t, { email, address: '1234 Ocean Ave, Santa Monica' });
    expect((await emailsOf('estimate-ack')).filter((m) => m.toAddress === email)).toHaveLength(1);
    const [business] = (await emailsOf('estimate-business')).filter((m) => m.dedupeKey === `estimate-business-${id}`);
    expect(await sentText(t.app, business.id)).toContain('Address: 1234 Ocean Ave, Santa Monica (area not checked: no ZIP code)');
  });

  const text = (filename: string, content: string): FormFile => ({ filename, bytes: Buffer.from(content), type: 'image/jpeg' });
  it.each<[string, () => Promise<FormFile[]>, number, string, string]>([
    ['no photo', async () => [], 400, 'VALIDATION_ERROR', 'Add at least one photo of the work (JPEG, PNG or WebP).'],
    ['seven photos', () => Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => photo(n))), 400, 'VALIDATION_ERROR', 'Send at most 6 photos.'],
    ['twelve photos', () => Promise.all([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => photo(n))), 400, 'VALIDATION_ERROR', 'Send at most 6 photos.'],
    ['a photo over 10 MB', async () => [await photo(1), { filename: 'big.jpg', bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 1), type: 'image/jpeg' }], 413, 'PAYLOAD_TOO_LARGE', 'Photo 2 (big.jpg) is larger than 10 MB. Send a smaller photo.'],
    ['a text file named .jpg', async () => [await photo(1), text('notes.jpg', 'just some text')], 400, 'VALIDATION_ERROR', 'Photo 2 (notes.jpg) is not a JPEG, PNG or WebP image.'],
    ['an SVG', async () => [text('drawing.png', '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"></svg>')], 400, 'VALIDATION_ERROR', 'Photo 1 (drawing.png) is not a JPEG, PNG or WebP image.'],
    ['a GIF', async () => [{ filename: 'anim.jpg', bytes: await sharp({ create: { width: 9, height: 9, channels: 3, background: 'red' } }).gif().toBuffer() }], 400, 'VALIDATION_ERROR', 'Photo 1 (anim.jpg) is not a JPEG, PNG or WebP image.'],
    ['a cut-off JPEG', async () => [{ ...(await photo(1)), bytes: (await photo(1)).bytes.subarray(0, -20) }], 400, 'VALIDATION_ERROR', 'Photo 1 (photo-1.jpg) is not a JPEG, PNG or WebP image.'],
  ])('refuses %s with a message naming the problem, and stores nothing', async (_case, files, status, code, message) => {
    const before = (await estimateRows()).length;
    const res = await sendRequest(t, {}, await files());
    expect(res.status, res.raw).toBe(status);
    expect(res.body).toEqual({ code, message, errors: { photos: message } });
    expect(await estimateRows()).toHaveLength(before);
  });

  it('refuses an address outside the service area with the bookings’ words, bad fields keyed by name, and a JSON body', async () => {
    const before = (await estimateRows()).length;
    const outside = "Sorry, we don't serve 90012 yet. Call us at (310) 555-0142 and we'll see what we can do.";
    expect((await sendRequest(t, { address: '200 N Spring St, Los Angeles, CA 90012' })).body).toEqual({ code: 'VALIDATION_ERROR', message: outside, errors: { address: outside } });
    const bad = await sendRequest(t, { description: 'TV', fullName: '', email: 'dana@', phone: '12', address: '', preferredDays: 'x'.repeat(201) }, []);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      description: 'Tell us what needs doing (at least 10 characters)',
      fullName: 'Name is required',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid phone number',
      address: 'Address is required',
      preferredDays: 'Preferred days are too long (200 characters at most)',
      photos: 'Add at least one photo of the work (JPEG, PNG or WebP).',
    });
    const json = await call(t.app, 'POST', '/api/estimates', { body: ESTIMATE_FIELDS, ip: freshIp() });
    expect(json.status).toBe(415);
    expect(json.body).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request as multipart/form-data, with the photos under "photos".' });
    expect(await estimateRows()).toHaveLength(before);
  });

  it("refuses a form posted from another site's page (its Origin), storing nothing", async () => {
    const before = (await estimateRows()).length;
    const { payload, contentType } = multipartBody(ESTIMATE_FIELDS, await Promise.all([photo(1)]));
    const res = await t.app.inject({ method: 'POST', url: '/api/estimates', headers: { 'content-type': contentType, origin: 'https://elsewhere.example' }, payload, remoteAddress: freshIp() });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'FORBIDDEN', message: 'This request must come from the site itself.' });
    expect(await estimateRows()).toHaveLength(before);
  });

  it('is rate-limited per address as the contact form (5 in 10 minutes)', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await sendRequest(t, { address: 'far away 90012' }, [], ip)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

describe('POST /api/estimates with the bot check on', () => {
  let verifier: Awaited<ReturnType<typeof startFakeRecaptcha>>;
  let checked: TestApp;
  beforeAll(async () => {
    verifier = await startFakeRecaptcha('estimate_submit');
    checked = await createTestApp({ clock, env: verifier.env });
  });
  afterAll(async () => {
    await checked?.close();
    await verifier?.close();
  });

  it('stores nothing for a refused token, and a passed request as any other', async () => {
    const refused = await sendRequest(checked, { recaptchaToken: 'bad-token' });
    expect(refused.body).toEqual({ code: 'RECAPTCHA_FAILED', message: 'reCAPTCHA verification failed. Please try again.' });
    expect(await checked.db.select().from(estimates)).toHaveLength(0);
    const passed = await sendRequest(checked, { recaptchaToken: 'good-token' });
    expect(passed.status, passed.raw).toBe(201);
    expect((await checked.db.select().from(estimates))[0].botCheck).toBe('passed');
    expect((await checked.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'estimate-ack'))).map((m) => m.toAddress)).toEqual([ESTIMATE_FIELDS.email]);
  });
});

describe("the owner's Requests API", () => {
  it('is the owner’s only: 401 signed out, 403 for a customer', async () => {
    const { id } = await submit(t);
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/estimates'],
      ['GET', `/api/admin/estimates/${id}`],
      ['GET', `/api/admin/estimates/${id}/photos/1`],
      ['POST', `/api/admin/estimates/${id}/quote`, { lines: [QUOTE_LINE] }],
      ['POST', `/api/admin/estimates/${id}/decline`, { reason: 'x' }],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(t.app, method, url, { body, ip: freshIp() })).status, `${method} ${url}`).toBe(401);
      expect((await call(t.app, method, url, { body, ip: freshIp(), headers: { cookie: customer } })).status, `${method} ${url}`).toBe(403);
    }
    expect((await t.db.select().from(estimates).where(eq(estimates.id, id)))[0].status).toBe('new');
  });

  it('lists new requests first, then the others, newest first within each, with their status and photo count', async () => {
    const first = await submit(t);
    clock.advance(60_000);
    const second = await submit(t, {}, [await photo(1)]);
    clock.advance(60_000);
    const third = await submit(t);
    expect((await quote(t, admin, third.id)).status).toBe(201);
    const res = await asOwner('GET', '/api/admin/estimates');
    expect(res.status, res.raw).toBe(200);
    const mine = (res.body as { id: number }[]).filter((e) => [first.id, second.id, third.id].includes(e.id));
    expect(mine.map((e: any) => [e.id, e.status, e.photoCount])).toEqual([
      [second.id, 'new', 1],
      [first.id, 'new', 2],
      [third.id, 'quoted', 2],
    ]);
    expect(mine[0]).toEqual({
      id: second.id,
      status: 'new',
      ...ESTIMATE_FIELDS,
      areaChecked: true,
      photoCount: 1,
      createdAt: '2026-12-01T17:01:00.000Z',
    });
  });

  it('shows one request with its photos, and serves each photo to the owner with its type, privately cached', async () => {
    const { id } = await submit(t, {}, [await photo(1), await photo(2, { format: 'png', width: 70 })]);
    const res = await asOwner('GET', `/api/admin/estimates/${id}`);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'new', quotes: [], declinedBy: null, declinedAt: null, declineReason: null });
    const stored = await t.db.select().from(estimatePhotos).where(eq(estimatePhotos.estimateId, id)).orderBy(estimatePhotos.n);
    expect(res.body.photos).toEqual([
      { n: 1, url: `/api/admin/estimates/${id}/photos/1`, contentType: 'image/jpeg', width: 64, height: 48, bytes: stored[0].bytes },
      { n: 2, url: `/api/admin/estimates/${id}/photos/2`, contentType: 'image/png', width: 70, height: 48, bytes: stored[1].bytes },
    ]);

    const served = await t.app.inject({ method: 'GET', url: res.body.photos[1].url, headers: { cookie: admin } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('private, max-age=86400');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const [upload] = await t.db.select().from(uploads).where(eq(uploads.name, stored[1].uploadName));
    expect(served.rawPayload.equals(upload.data)).toBe(true);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 70, height: 48 });

    expect((await asOwner('GET', `/api/admin/estimates/${id}/photos/3`)).body).toEqual({ message: 'Photo not found.', code: 'NOT_FOUND' });
    expect((await asOwner('GET', `/api/admin/estimates/${id}/photos/7`)).status).toBe(400);
    expect((await asOwner('GET', '/api/admin/estimates/999999')).body).toEqual({ message: 'Request not found.', code: 'NOT_FOUND' });
  });
});

describe('POST /api/admin/estimates/:id/quote', () => {
  it('totals the lines, takes the crew need and service from price-list items, and sends the customer a private link by email and text', async () => {
    const { id } = await submit(t);
    const tv = await pick(t, 'tv-mounting', 'TV 65 to 75 inches');
    const res = await quote(t, admin, id, {
      lines: [
        { itemId: tv.id, description: 'TV 65 to 75 inches', quantity: 1, unitCents: 18900, minutes: 90 },
        { description: 'Run power behind the wall', quantity: 2, unitCents: 7500, minutes: 40 },
      ],
      note: 'Includes a new outlet box behind the TV.',
    });
    expect(res.status, res.raw).toBe(201);
    expect(res.body.status).toBe('quoted');
    const lines = [
      { name: 'TV 65 to 75 inches', quantity: 1, unitCents: 18900, amountCents: 18900, minutes: 90 },
      { name: 'Run power behind the wall', quantity: 2, unitCents: 7500, amountCents: 15000, minutes: 40 },
    ];
    expect(res.body.quotes).toEqual([
      {
        id: expect.any(Number),
        status: 'open',
        lines,
        totalCents: 33900,
        minutes: 130,
        twoPeople: true,
        serviceType: 'tv-mounting',
        note: 'Includes a new outlet box behind the TV.',
        validUntil: '2026-12-15',
        createdAt: '2026-12-01T17:00:00.000Z',
        declinedAt: null,
        bookingId: null,
      },
    ]);
    const quoteId = res.body.quotes[0].id as number;

    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `quote-${quoteId}`));
    expect(mail).toMatchObject({ kind: 'quote', toAddress: ESTIMATE_FIELDS.email, subject: 'Your quote from Westside Assembly Pros: $339.00', linkKind: 'quote', linkRef: quoteId });
    // Queued without a live link: the token is made when it is sent.
    expect(mail.textBody).toContain('http://localhost:5000/quote/{{link-token}}');
    const token = await quoteTokenOf(t, quoteId);
    const read = await call(t.app, 'GET', `/api/quotes/${token}`, { ip: freshIp() });
    expect(read.body).toEqual({ lines, totalCents: 33900, minutes: 130, twoPeople: true, note: 'Includes a new outlet box behind the TV.', validUntil: '2026-12-15', serviceType: 'tv-mounting' });

    await runWorker('sms-outbox');
    const sms = fake.messages.find((m) => m.to === '+13105550177');
    const textToken = /\/quote\/([\w-]{43})(?![\w-])/.exec(sms?.body ?? '')?.[1];
    expect(sms?.body).toMatch(/^Westside Assembly Pros: your quote \(\$339\.00\) is ready\. See it, book or say no thanks: http:\/\/localhost:5000\/quote\/[\w-]{43} Questions\? Call \(310\) 555-0142\.$/);
    // Its own link, which works as well as the email's.
    expect(textToken).not.toBe(token);
    expect((await call(t.app, 'GET', `/api/quotes/${textToken}`, { ip: freshIp() })).status).toBe(200);
  });

  it('the email shows the lines, the total, the length, the note and the last day', async () => {
    const { id } = await submit(t);
    const res = await quote(t, admin, id, { lines: [QUOTE_LINE, { description: 'Soundbar', quantity: 1, unitCents: 4900, minutes: 20 }], note: 'Bring the mount.', validDays: 3 });
    expect(res.body.quotes[0]).toMatchObject({ totalCents: 37800, minutes: 170, twoPeople: false, serviceType: null, validUntil: '2026-12-04' });
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `quote-${res.body.quotes[0].id}`));
    const text = await sentText(t.app, mail.id);
    for (const part of [
      'Hi Dana Whitfield, thank you for sending us your photos. Here is our price for the work you described.',
      'Bring the mount.',
      'This quote is valid until Friday, December 4, 2026. Approve it and book a time (with the $50 deposit, which counts toward the total), or tell us no thanks, with your private link: http://localhost:5000/quote/',
      '1 × Mount a 65" TV above a brick fireplace: $329.00',
      '1 × Soundbar: $49.00',
      'Total: $378.00',
      'About 2 hours 50 minutes of work.',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('refuses lines it cannot price, naming each, and quotes nothing', async () => {
    const { id } = await submit(t);
    const unknown = await quote(t, admin, id, { lines: [QUOTE_LINE, { ...QUOTE_LINE, itemId: 999_999 }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ code: 'VALIDATION_ERROR', message: 'Item 999999 is not on the price list.', errors: { 'lines.1.itemId': 'Item 999999 is not on the price list.' } });
    const noLength = 'Give the job its length: the lines add up to 0 minutes.';
    expect((await quote(t, admin, id, { lines: [{ ...QUOTE_LINE, minutes: 0 }] })).body).toEqual({ code: 'VALIDATION_ERROR', message: noLength, errors: { lines: noLength } });
    const tooLong = 'The lines add up to 10 hours 5 minutes, more than one visit we book online (10 hours at most). Plan a longer job with the customer by phone.';
    expect((await quote(t, admin, id, { lines: [{ ...QUOTE_LINE, minutes: 600 }, { ...QUOTE_LINE, minutes: 5 }] })).body).toEqual({ code: 'VALIDATION_ERROR', message: tooLong, errors: { lines: tooLong } });
    const shape = await quote(t, admin, id, { lines: [{ description: 'x', quantity: 0, unitCents: -1, minutes: 1.5 }], validDays: 0 });
    expect(shape.body.errors).toEqual({
      'lines.0.description': 'Describe the work of this line',
      'lines.0.quantity': 'Quantity must be a whole number from 1 to 99',
      'lines.0.unitCents': 'Enter the price in cents, a whole number from 0 to 10000000',
      'lines.0.minutes': 'Enter the minutes, a whole number from 0 to 600',
      validDays: 'Valid for 1 to 90 days',
    });
    expect((await quote(t, admin, id, { lines: [] })).body.errors).toEqual({ lines: 'Write 1 to 30 lines' });
    expect((await quote(t, admin, 999_999)).body).toEqual({ message: 'Request not found.', code: 'NOT_FOUND' });
    expect((await asOwner('GET', `/api/admin/estimates/${id}`)).body).toMatchObject({ status: 'new', quotes: [] });
  });

  it('a newer quote withdraws the open one: its link no longer opens', async () => {
    const { id } = await submit(t);
    const first = (await quote(t, admin, id)).body.quotes[0].id as number;
    const firstToken = await quoteTokenOf(t, first);
    const second = await quote(t, admin, id, { lines: [{ ...QUOTE_LINE, unitCents: 29900 }] });
    expect(second.body.quotes.map((q: any) => [q.status, q.totalCents])).toEqual([
      ['open', 29900],
      ['withdrawn', 32900],
    ]);
    expect((await call(t.app, 'GET', `/api/quotes/${firstToken}`, { ip: freshIp() })).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/quotes/${await quoteTokenOf(t, second.body.quotes[0].id)}`, { ip: freshIp() })).body.totalCents).toBe(29900);
  });
});

describe('POST /api/admin/estimates/:id/decline', () => {
  it('declines the request with the owner’s reason, withdraws its open quote, and then takes neither a quote nor a second no', async () => {
    const { id } = await submit(t);
    const quoteId = (await quote(t, admin, id)).body.quotes[0].id as number;
    const token = await quoteTokenOf(t, quoteId);
    clock.advance(60_000);
    const res = await asOwner('POST', `/api/admin/estimates/${id}/decline`, { reason: 'Outside what we do: needs an electrician.' });
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({
      status: 'declined',
      declinedBy: 'owner',
      declinedAt: '2026-12-01T17:01:00.000Z',
      declineReason: 'Outside what we do: needs an electrician.',
      quotes: [{ id: quoteId, status: 'withdrawn' }],
    });
    expect((await call(t.app, 'GET', `/api/quotes/${token}`, { ip: freshIp() })).status).toBe(404);
    const closed = 'This request is already declined: it takes no new quote and cannot be declined.';
    expect((await quote(t, admin, id)).body).toEqual({ code: 'INVALID_STATUS', message: closed });
    expect((await asOwner('POST', `/api/admin/estimates/${id}/decline`, {})).body).toEqual({ code: 'INVALID_STATUS', message: closed });
    expect((await asOwner('POST', '/api/admin/estimates/999999/decline', {})).status).toBe(404);
  });

  it('takes no reason too', async () => {
    const { id } = await submit(t);
    expect((await asOwner('POST', `/api/admin/estimates/${id}/decline`, {})).body).toMatchObject({ status: 'declined', declineReason: null });
  });
});
