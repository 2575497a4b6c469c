import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, contactSubmissions, emailOutbox, estimates, reviews } from '../../src/server/db/schema';
import { BOOKING_NEEDS_JAVASCRIPT_MESSAGE, ESTIMATE_NEEDS_JAVASCRIPT_MESSAGE, FORM_NEEDS_JAVASCRIPT_MESSAGE } from '../../src/shared/form-post';
import { FORGOT_PASSWORD_MESSAGE } from '../../src/shared/schemas/auth';
import { REVIEW_ALREADY_SUBMITTED_MESSAGE, REVIEW_LINK_INVALID_MESSAGE } from '../../src/shared/schemas/reviews';
import { call, freshIp, PASSWORD, sessionAs, signUp, uniqueEmail } from '../helpers/accounts';
import { createTestApp, injectJson, type TestApp } from '../helpers/app';
import { ensureTestBuild } from '../helpers/build';
import { createClock } from '../helpers/clock';
import { sentText } from '../helpers/sent-mail';

/**
 * The forms of the server-rendered pages posted as a browser does without JavaScript
 * (application/x-www-form-urlencoded): the API's schemas, messages, services and limits, a
 * redirect with no personal data on success, the page again with the messages and what was typed
 * on a refusal, and only from the site's own pages.
 */
let t: TestApp;
let clientDir: string;
// 2027-04-02 12:00 in Los Angeles: the review jobs below are in March 2027, in the past.
const clock = createClock('2027-04-02T19:00:00.000Z');

beforeAll(async () => {
  clientDir = join(await ensureTestBuild(), 'client');
  t = await createTestApp({ clock, clientDir });
}, 180_000);
afterAll(async () => t?.close());

const ORIGIN = 'http://localhost:5000';
const FORM = 'application/x-www-form-urlencoded';

/** A form post as a browser sends it from our page; a header given as undefined is not sent. */
function post(url: string, fields: Record<string, string>, opts: { headers?: Record<string, string | undefined>; ip?: string } = {}) {
  const headers = Object.fromEntries(Object.entries({ 'content-type': FORM, origin: ORIGIN, ...opts.headers }).filter((e): e is [string, string] => e[1] !== undefined));
  return t.app.inject({ method: 'POST', url, payload: new URLSearchParams(fields).toString(), headers, remoteAddress: opts.ip ?? freshIp() });
}
const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: freshIp() });

/** The page's text as a person reads it: React writes ' and " as entities. */
const text = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
/** The value attribute of the input or the text of the textarea named `name`. */
function fieldValue(html: string, name: string): string | undefined {
  const input = new RegExp(`<input[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0];
  if (input) return /\bvalue="([^"]*)"/.exec(input)?.[1];
  return new RegExp(`<textarea[^>]*\\bname="${name}"[^>]*>([^<]*)</textarea>`).exec(html)?.[1];
}

const CONTACT = { fullName: 'Jo Tester', email: 'jo@example.com', subject: 'Gate code', message: 'My gate code is 4321, come any time.' };
const contactRows = (email: string) => t.db.select().from(contactSubmissions).where(eq(contactSubmissions.email, email));

describe('every form of the server-rendered pages', () => {
  it.each(['/', '/contact', '/estimate', '/book', '/login', '/register', '/login?forgot=1', '/auth'])('%s: method="post" and an action on every form', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    const forms = res.body.match(/<form\b[^>]*>/g) ?? [];
    expect(forms.length).toBeGreaterThan(0);
    for (const tag of forms) {
      expect(tag).toContain('method="post"');
      expect(tag).toMatch(/\saction="\/[^"]*"/);
    }
  });
});

describe('contact', () => {
  it('a valid post stores and emails the message as the API does, and redirects to a page saying so, with nothing typed in the URL', async () => {
    const email = uniqueEmail('form-contact');
    const res = await post('/contact', { ...CONTACT, email });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/contact?sent=1');
    const rows = await contactRows(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ fullName: 'Jo Tester', subject: 'Gate code', message: 'My gate code is 4321, come any time.', botCheck: 'off' });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(mails).toHaveLength(1);

    const page = await get('/contact?sent=1');
    expect(page.statusCode).toBe(200);
    expect(text(page.body)).toContain("Message Sent</p><p>Thank you for contacting us. We'll get back to you soon!");
    expect(page.body).not.toContain('Jo Tester');
  });

  it('an invalid post answers the page with the messages inline and what was typed, rendered for this request only', async () => {
    const email = 'jo-at-example';
    const res = await post('/contact', { ...CONTACT, email, message: 'gate 4321' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('Please enter a valid email address');
    expect(res.body).toContain('Message should be at least 10 characters');
    expect(fieldValue(res.body, 'fullName')).toBe('Jo Tester');
    expect(fieldValue(res.body, 'email')).toBe(email);
    expect(fieldValue(res.body, 'message')).toBe('gate 4321');
    expect(await contactRows(email)).toHaveLength(0);
    // The shared page is not the one with the visitor's words.
    const shared = await get('/contact');
    expect(shared.body).not.toContain('Jo Tester');
    expect(shared.body).not.toContain('gate 4321');
  });

  it('refuses a post from another site (Origin, or Referer without Origin) and an opaque origin, and stores nothing', async () => {
    const email = uniqueEmail('form-csrf');
    for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }, { origin: undefined, referer: 'https://evil.example/page' }]) {
      const res = await post('/contact', { ...CONTACT, email }, { headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.body).toContain('This request must come from the site itself.');
    }
    expect(await contactRows(email)).toHaveLength(0);
    // Our own page's Referer is fine; so is a client that is no browser (neither header).
    expect((await post('/contact', { ...CONTACT, email }, { headers: { origin: undefined, referer: `${ORIGIN}/contact` } })).statusCode).toBe(303);
    expect((await post('/contact', { ...CONTACT, email }, { headers: { origin: undefined } })).statusCode).toBe(303);
    expect(await contactRows(email)).toHaveLength(2);
  });

  it('answers an oversize body with 413 and a sentence, and a JSON body with 415', async () => {
    const big = await post('/contact', { ...CONTACT, message: 'x'.repeat(70_000) });
    expect(big.statusCode).toBe(413);
    expect(big.body).toContain('The request body is too large.');
    const json = await t.app.inject({ method: 'POST', url: '/contact', payload: JSON.stringify(CONTACT), headers: { 'content-type': 'application/json', origin: ORIGIN }, remoteAddress: freshIp() });
    expect(json.statusCode).toBe(415);
    expect(json.body).toContain('Send this form from its page.');
  });

  it('shares its rate limit with POST /api/contact', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await call(t.app, 'POST', '/api/contact', { body: { ...CONTACT, email: uniqueEmail('limit') }, ip })).status).toBe(201);
    const res = await post('/contact', { ...CONTACT, email: uniqueEmail('limit') }, { ip });
    expect(res.statusCode).toBe(429);
    expect(res.body).toContain('Too many requests. Please wait a moment and try again.');
    expect(fieldValue(res.body, 'fullName')).toBe('Jo Tester');
  });
});

describe('sign in, register, forgot password', () => {
  it('register: the messages without the passwords echoed, then a redirect to the sign-in page saying so', async () => {
    const email = uniqueEmail('form-register');
    const bad = await post('/register', { fullName: 'Robin Nojs', email, phone: '', password: PASSWORD, confirmPassword: 'not-the-same-1' });
    expect(bad.statusCode).toBe(400);
    expect(text(bad.body)).toContain("Passwords don't match");
    expect(fieldValue(bad.body, 'fullName')).toBe('Robin Nojs');
    expect(fieldValue(bad.body, 'email')).toBe(email);
    expect(bad.body).not.toContain(PASSWORD);
    expect(bad.body).not.toContain('not-the-same-1');

    const ok = await post('/register', { fullName: 'Robin Nojs', email, phone: '', password: PASSWORD, confirmPassword: PASSWORD });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/login?registered=1');
    const page = await get('/login?registered=1');
    expect(text(page.body)).toContain('Registration Successful</p><p>Your account has been created. Please log in.');
    // The address is taken now: the service's own message.
    const again = await post('/register', { fullName: 'Robin Nojs', email, phone: '', password: PASSWORD, confirmPassword: PASSWORD });
    expect(again.statusCode).toBe(409);
    expect(text(again.body)).toContain('Registration Failed</p><p>An account with this email already exists.');
  });

  it('login: a wrong password answers Login Failed with the email kept; the right one signs in and redirects to /dashboard', async () => {
    const { email } = await signUp(t.app);
    const bad = await post('/login', { email, password: 'wrong-password-9' });
    expect(bad.statusCode).toBe(401);
    expect(bad.headers['set-cookie']).toBeUndefined();
    expect(text(bad.body)).toContain('Login Failed</p><p>Invalid email or password');
    expect(fieldValue(bad.body, 'email')).toBe(email);
    expect(bad.body).not.toContain('wrong-password-9');

    const ok = await post('/login', { email, password: PASSWORD });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/dashboard');
    const cookie = String(ok.headers['set-cookie']);
    expect(cookie).toMatch(/^sid=[^;]+;.*HttpOnly/);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: cookie.split(';')[0] } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email });
  });

  it('forgot password: the message for a bad address, then a redirect to the page that says a link is on its way', async () => {
    const bad = await post('/login?forgot=1', { email: 'nobody-at-example' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Please enter a valid email address');
    expect(fieldValue(bad.body, 'email')).toBe('nobody-at-example');
    expect(bad.body).toContain('Reset your password');

    const { email } = await signUp(t.app);
    const ok = await post('/login?forgot=1', { email });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/login?forgot=1&sent=1');
    const mails = await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'password_reset')));
    expect(mails).toHaveLength(1);
    expect(text((await get('/login?forgot=1&sent=1')).body)).toContain(FORGOT_PASSWORD_MESSAGE);
  });
});

describe('with reCAPTCHA keys set', () => {
  it('refuses a form posted without the page (it has no token) with a sentence, and stores no message', async () => {
    const other = await createTestApp({ clock, clientDir, env: { RECAPTCHA_SITE_KEY: 'site-key', RECAPTCHA_SECRET_KEY: 'secret-key' } });
    try {
      const email = uniqueEmail('form-recaptcha');
      for (const [url, fields] of [
        ['/contact', { ...CONTACT, email }],
        ['/login', { email, password: PASSWORD }],
        ['/register', { fullName: 'Robin Nojs', email, phone: '', password: PASSWORD, confirmPassword: PASSWORD }],
        ['/login?forgot=1', { email }],
      ] as const) {
        const res = await other.app.inject({ method: 'POST', url, payload: new URLSearchParams(fields).toString(), headers: { 'content-type': FORM, origin: ORIGIN }, remoteAddress: freshIp() });
        expect(res.statusCode, url).toBe(400);
        expect(res.body, url).toContain(FORM_NEEDS_JAVASCRIPT_MESSAGE);
      }
      expect(await other.db.select().from(contactSubmissions).where(eq(contactSubmissions.email, email))).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});

describe('review', () => {
  let slot = 0;
  /** A completed job in March 2027; returns the token of the review link emailed to the customer. */
  async function reviewLink(): Promise<string> {
    const n = slot++;
    const email = `form-review-${n}-${randomBytes(3).toString('hex')}@example.com`;
    const [job] = await t.db
      .insert(bookings)
      .values({
        serviceType: 'tv-mounting',
        bookingDate: `2027-03-1${n}`,
        bookingTime: '9:00 AM',
        startsAt: new Date(Date.UTC(2027, 2, 10 + n, 16)),
        fullName: 'Casey Nojs',
        email,
        phone: '310-555-0100',
        address: '1450 Ocean Ave, Santa Monica, CA 90401',
        status: 'confirmed',
        depositPaid: true,
      })
      .returning();
    const admin = await sessionAs(t.db, 'admin');
    const res = await injectJson(t.app, 'POST', `/api/admin/bookings/${job.id}/status`, { status: 'completed' }, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const [mail] = await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'review_request')));
    return /\/review\/([A-Za-z0-9_-]+)/.exec(await sentText(t.app, mail.id))![1];
  }

  it('the link opens a server-rendered form; a bad post keeps what was typed; a good one is saved and thanked; the link then says it was used', async () => {
    const token = await reviewLink();
    const page = await get(`/review/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(page.body).toContain(`action="/review/${token}"`);
    expect(fieldValue(page.body, 'displayName')).toBe('Casey N.');

    const bad = await post(`/review/${token}`, { comment: 'Too short', displayName: 'Casey N.' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Choose a rating from 1 to 5 stars');
    expect(bad.body).toContain('Please write at least 10 characters about the job');
    expect(fieldValue(bad.body, 'comment')).toBe('Too short');

    const ok = await post(`/review/${token}`, { rating: '4', comment: 'Shelves up, level and solid. Thanks!', displayName: 'Casey' });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe(`/review/${token}?sent=1`);
    const [row] = await t.db.select().from(reviews).where(eq(reviews.comment, 'Shelves up, level and solid. Thanks!'));
    expect(row).toMatchObject({ status: 'pending', rating: 4, displayName: 'Casey' });
    expect((await get(`/review/${token}?sent=1`)).body).toContain('Your review is in. It will appear on our website once we have read it.');

    const used = await get(`/review/${token}`);
    expect(used.body).toContain(REVIEW_LINK_INVALID_MESSAGE);
    const twice = await post(`/review/${token}`, { rating: '5', comment: 'Posting the same link a second time.' });
    expect(twice.statusCode).toBe(409);
    expect(text(twice.body)).toContain(REVIEW_ALREADY_SUBMITTED_MESSAGE);
  });

  it('an unknown link says so, on the page and to a post', async () => {
    const page = await get('/review/not-a-real-token');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(REVIEW_LINK_INVALID_MESSAGE);
    const res = await post('/review/not-a-real-token', { rating: '5', comment: 'A review for a link that does not exist.' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(REVIEW_LINK_INVALID_MESSAGE);
  });
});

describe('/book', () => {
  it('a post before the page could run answers that booking needs the page, with what was typed kept and nothing stored', async () => {
    const email = uniqueEmail('form-book');
    const res = await post('/book', { serviceType: 'tv-mounting', fullName: 'Jo Booker', phone: '3105550199', email, address: '1450 Ocean Ave, Santa Monica, CA 90401', specialInstructions: '' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(text(res.body)).toContain(BOOKING_NEEDS_JAVASCRIPT_MESSAGE);
    expect(fieldValue(res.body, 'fullName')).toBe('Jo Booker');
    expect(fieldValue(res.body, 'address')).toBe('1450 Ocean Ave, Santa Monica, CA 90401');
    expect(await t.db.select().from(bookings).where(eq(bookings.email, email))).toHaveLength(0);
    expect((await get('/book')).body).not.toContain('Jo Booker');
  });
});

describe('/estimate', () => {
  it('posts multipart (its photos); a post before the page could run answers that the page must send them, and stores nothing', async () => {
    const page = await get('/estimate');
    // React writes the attribute as encType; HTML reads attribute names in any case.
    expect(page.body).toMatch(/<form[^>]*\benctype="multipart\/form-data"[^>]*>/i);
    const email = uniqueEmail('form-estimate');
    const boundary = '----e2eBoundary';
    const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const photo = `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="hall.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${'x'.repeat(2000)}\r\n`;
    const payload = `${part('description', 'Hang a heavy mirror in the hall.')}${part('fullName', 'Jo Estimate')}${part('email', email)}${photo}--${boundary}--\r\n`;
    const res = await t.app.inject({ method: 'POST', url: '/estimate', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: ORIGIN }, remoteAddress: freshIp() });
    expect(res.statusCode).toBe(400);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(text(res.body)).toContain(ESTIMATE_NEEDS_JAVASCRIPT_MESSAGE);
    expect(res.body).not.toContain('Jo Estimate');
    expect(await t.db.select().from(estimates).where(eq(estimates.email, email))).toHaveLength(0);
  });

  it('after a post without JavaScript redirects to ?sent=1, the page says the request was sent', async () => {
    const res = await get('/estimate?sent=1');
    expect(res.statusCode).toBe(200);
    expect(text(res.body)).toContain('Request Sent');
    expect(text(res.body)).toContain('Nothing is booked or charged until you approve it.');
  });
});
