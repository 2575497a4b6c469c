import { and, desc, eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactSubmissions, emailOutbox } from '../../src/server/db/schema';
import { createClock } from '../helpers/clock';
import { startFakeRecaptcha } from '../helpers/fake-recaptcha';
import { finishStaleContactMessages, submitContactMessage } from '../../src/server/messaging/services/contact';
import { WORKERS } from '../../src/server/workers';
import { BUSINESS } from '../../src/shared/constants';
import { createSecondInstance, createTestApp, type TestApp } from '../helpers/app';

const THANKS = "Thank you for contacting us. We'll get back to you soon!";
const RECAPTCHA_FAILED = 'reCAPTCHA verification failed. Please try again.';

let ipCounter = 0;
/** Each call from its own address unless one is given, so the rate limit only bites where meant. */
function nextIp() {
  ipCounter += 1;
  return `10.1.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

async function post(t: TestApp, payload: unknown, opts: { ip?: string; contentType?: string | null; raw?: string } = {}) {
  const headers: Record<string, string> = {};
  const contentType = opts.contentType === undefined ? 'application/json' : opts.contentType;
  if (contentType) headers['content-type'] = contentType;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    headers,
    remoteAddress: opts.ip ?? nextIp(),
    payload: opts.raw ?? (payload === undefined ? undefined : JSON.stringify(payload)),
  });
  let body: any = null;
  try {
    body = JSON.parse(res.body);
  } catch {
    body = null;
  }
  return { status: res.statusCode, body };
}

const valid = () => ({
  fullName: 'Maria Lopez',
  email: `maria-${Math.random().toString(36).slice(2)}@example.com`,
  subject: 'Wall-mounted desk',
  message: 'Could you mount a fold-down desk in our Venice apartment next week?',
});

describe('POST /api/contact', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: createClock('2026-06-01T17:00:00Z') });
  });
  afterAll(async () => t?.close());

  it.each([
    ['fullName', { fullName: 'A' }, 'Name is required'],
    ['fullName', { fullName: undefined }, 'Name is required'],
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['subject', { subject: ' ' }, 'Subject is required'],
    ['message', { message: 'Too short' }, 'Message should be at least 10 characters'],
  ])('rejects a bad %s with the spec message', async (field, change, message) => {
    const before = await t.db.select().from(contactSubmissions);
    const res = await post(t, { ...valid(), ...change });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.errors[field]).toBe(message);
    expect(res.body.message).toBe(message);
    expect(await t.db.select().from(contactSubmissions)).toHaveLength(before.length);
  });

  it('stores the message and queues one email to the business and one to the sender', async () => {
    const input = valid();
    const res = await post(t, { ...input, fullName: '  Maria Lopez  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: THANKS });

    const [row] = await t.db.select().from(contactSubmissions).where(eq(contactSubmissions.email, input.email));
    expect(row).toMatchObject({ fullName: 'Maria Lopez', subject: input.subject, message: input.message });

    const emails = await t.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(2);
    const toBusiness = emails.find((e) => e.toAddress === t.config.businessEmail);
    const toSender = emails.find((e) => e.toAddress === input.email);
    expect(toBusiness).toBeDefined();
    expect(toBusiness!.subject).toContain(input.subject);
    expect(toBusiness!.textBody).toContain(input.message);
    expect(toBusiness!.textBody).toContain(`Reply to ${input.email}`);
    expect(toBusiness!.status).toBe('pending');
    expect(toSender).toBeDefined();
    expect(toSender!.subject).toBe('We received your message | Westside Assembly Pros');
  });

  it("acknowledges in the business's own words only: nothing the sender typed is repeated, while the business gets all of it", async () => {
    // What a spammer would send through the business's domain if the acknowledgement echoed it.
    const input = {
      fullName: 'Cheap Pills at spam.example',
      email: `target-${Math.random().toString(36).slice(2)}@example.com`,
      subject: 'You won a prize, claim it',
      message: 'Claim your prize at https://spam.example/claim before it expires!',
    };
    expect((await post(t, input)).status).toBe(201);
    const [ack] = await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'contact-ack'), eq(emailOutbox.toAddress, input.email)));
    expect(ack).toBeDefined();
    const sent = [ack.subject, ack.textBody, ack.htmlBody ?? ''].join('\n');
    for (const typed of [input.fullName, input.subject, input.message, 'spam.example', 'prize', 'Pills']) expect(sent).not.toContain(typed);
    expect(ack.subject).toBe('We received your message | Westside Assembly Pros');
    expect(ack.textBody).toBe(
      [
        'Thanks for reaching out',
        '',
        'We received your message and will get back to you soon, usually within one business day.',
        '',
        'If it is urgent, call us at (310) 555-0142.',
        '',
        `Westside Assembly Pros · (310) 555-0142 · ${BUSINESS.email}`,
      ].join('\n'),
    );
    const [toBusiness] = await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'contact-business'), sql`${emailOutbox.textBody} like ${`%${input.email}%`}`));
    for (const typed of [input.fullName, input.email, input.message]) expect(toBusiness.textBody).toContain(typed);
    expect(toBusiness.subject).toBe(`Website message: ${input.subject}`);
  });

  it('acknowledges at most once a day per address, however the address is written and however many arrive at once, on two instances', async () => {
    const second = await createSecondInstance(t, { clock: t.clock });
    try {
      const address = `once-${Math.random().toString(36).slice(2)}@example.com`;
      const spellings = [address, address.toUpperCase(), `${address[0].toUpperCase()}${address.slice(1)}`];
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => post(i % 2 ? second : t, { ...valid(), email: spellings[i % spellings.length] })),
      );
      expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));
      const acks = () => t.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'contact-ack'), sql`lower(${emailOutbox.toAddress}) = ${address}`));
      expect(await acks()).toHaveLength(1);
      // The business still gets every message.
      const toBusiness = await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'contact-business'), sql`lower(${emailOutbox.textBody}) like ${`%reply to ${address}%`}`));
      expect(toBusiness).toHaveLength(12);
      // The next day (the business's), one more.
      t.clock.advance(24 * 3_600_000);
      expect((await post(second, { ...valid(), email: address })).status).toBe(201);
      expect((await post(t, { ...valid(), email: address })).status).toBe(201);
      expect(await acks()).toHaveLength(2);
    } finally {
      await second.close();
    }
  });

  it.each<[string, { payload?: unknown; raw?: string; contentType?: string | null }, number]>([
    ['not JSON', { raw: '{"fullName": "Maria' }, 400],
    ['an empty JSON body', { raw: '' }, 400],
    ['no body at all', { contentType: null }, 400],
    ['a JSON array', { payload: [valid()] }, 400],
    ['a JSON string', { payload: 'hello' }, 400],
    ['null', { raw: 'null' }, 400],
    ['wrong types', { payload: { fullName: 42, email: true, subject: ['x'], message: { a: 1 } } }, 400],
    ['a huge message', { payload: { ...valid(), message: 'x'.repeat(20_000) } }, 400],
    ['a body over the size limit', { payload: { ...valid(), message: 'x'.repeat(200_000) } }, 413],
    ['text/plain', { raw: JSON.stringify(valid()), contentType: 'text/plain' }, 415],
  ])('answers %s with a clear 4xx, never a 500', async (_name, input, status) => {
    const res = await post(t, input.payload, { raw: input.raw, contentType: input.contentType });
    expect(res.status).toBe(status);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.message.length).toBeGreaterThan(0);
  });

  it('limits each address to 5 messages in 10 minutes', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 5; i++) expect((await post(t, valid(), { ip })).status).toBe(201);
    const limited = await post(t, valid(), { ip });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    // Another address is not affected, and the window ends.
    expect((await post(t, valid())).status).toBe(201);
    t.clock.advance(10 * 60_000 + 1);
    expect((await post(t, valid(), { ip })).status).toBe(201);
  });
});

describe('POST /api/contact with reCAPTCHA configured', () => {
  let t: TestApp;
  let verifier: Awaited<ReturnType<typeof startFakeRecaptcha>>;

  beforeAll(async () => {
    verifier = await startFakeRecaptcha('contact_submit');
    t = await createTestApp({ clock: createClock('2026-06-01T17:00:00Z'), env: verifier.env });
  });
  afterAll(async () => {
    await t?.close();
    await verifier?.close();
  });

  const storedFor = (email: string) => t.db.select().from(contactSubmissions).where(eq(contactSubmissions.email, email));

  it('refuses a message without a token: kept, marked failed, and not emailed', async () => {
    const input = valid();
    const res = await post(t, input);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(RECAPTCHA_FAILED);
    const rows = await storedFor(input.email);
    expect(rows.map((r) => r.botCheck)).toEqual(['failed']);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, input.email))).toHaveLength(0);
  });

  it('refuses a token the verifier rejects, keeping the message out of the mail', async () => {
    const input = valid();
    const res = await post(t, { ...input, recaptchaToken: 'bad-token' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(RECAPTCHA_FAILED);
    expect((await storedFor(input.email)).map((r) => r.botCheck)).toEqual(['failed']);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, input.email))).toHaveLength(0);
  });

  it('never loses a message when the verifier cannot be reached: stored, emailed to the business, marked unavailable, and not acknowledged', async () => {
    const down = await createTestApp({
      clock: createClock('2026-06-01T17:00:00Z'),
      env: { RECAPTCHA_SITE_KEY: 'test-site-key', RECAPTCHA_SECRET_KEY: 'test-secret', RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/verify' },
    });
    try {
      const input = valid();
      const res = await post(down, { ...input, recaptchaToken: 'any-token' });
      expect(res.status).toBe(201);
      const rows = await down.db.select().from(contactSubmissions).where(eq(contactSubmissions.email, input.email));
      expect(rows.map((r) => r.botCheck)).toEqual(['unavailable']);
      // An unverified sender's address gets nothing: the acknowledgement would be a relay for bots.
      expect(await down.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, input.email))).toHaveLength(0);
      const toBusiness = await down.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'contact-business'));
      expect(toBusiness.map((e) => e.toAddress)).toEqual([down.config.businessEmail]);
      expect(toBusiness[0].textBody).toContain(input.message);
    } finally {
      await down.close();
    }
  });

  it('accepts a message whose token passes verification', async () => {
    const input = valid();
    const res = await post(t, { ...input, recaptchaToken: 'good-token' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: THANKS });
    expect(verifier.seen.at(-1)?.get('response')).toBe('good-token');
    expect((await storedFor(input.email)).map((r) => r.botCheck)).toEqual(['passed']);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, input.email))).toHaveLength(1);
  });
});

describe('contact messages a crash left with their bot check pending', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: createClock('2026-06-01T17:00:00Z') });
  });
  afterAll(async () => t?.close());

  /** A message as a crash between storing it and its verdict leaves it: pending, no emails. */
  async function leftPending(minutesAgo: number) {
    const email = valid().email;
    const [row] = await t.db
      .insert(contactSubmissions)
      .values({ ...valid(), email, createdAt: new Date(t.clock.now().getTime() - minutesAgo * 60_000) })
      .returning();
    expect(row.botCheck).toBe('pending');
    return row;
  }

  /** What the app passes the contact service (bot check off, as in this app). */
  const rules = () => ({ businessEmail: t.config.businessEmail, timeZone: t.config.businessTz, isBotCheckOn: false });

  /** The business's copy of message `id` and the acknowledgements to its sender's address. */
  const emailsOf = async (id: number) => {
    const [message] = await t.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
    return t.db
      .select({ kind: emailOutbox.kind, to: emailOutbox.toAddress })
      .from(emailOutbox)
      .where(or(eq(emailOutbox.dedupeKey, `contact-business-${id}`), and(eq(emailOutbox.kind, 'contact-ack'), eq(emailOutbox.toAddress, message.email))))
      .orderBy(emailOutbox.kind);
  };

  it('lets an old one through as the unreachable-verifier rule says, queuing its two emails exactly once however often the job runs', async () => {
    const stale = await leftPending(10);
    const recent = await leftPending(1);
    const job = WORKERS.find((w) => w.name === 'contact-bot-check-recovery');
    expect(job).toBeDefined();

    // Twice at once (two instances) and once more later.
    await Promise.all([job!.run(t.app), job!.run(t.app)]);
    await job!.run(t.app);

    const [after] = await t.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, stale.id));
    expect(after.botCheck).toBe('unavailable');
    expect(await emailsOf(stale.id)).toEqual([
      { kind: 'contact-ack', to: stale.email },
      { kind: 'contact-business', to: t.config.businessEmail },
    ]);
    // A message whose check may still be running is left to its request.
    const [young] = await t.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, recent.id));
    expect(young.botCheck).toBe('pending');
    expect(await emailsOf(recent.id)).toEqual([]);
  });

  it('keeps the job\'s verdict when the request it rescued finishes late, and queues nothing twice', async () => {
    const input = valid();
    // The request stored its message 10 minutes ago and its bot check only now returns: the job
    // ran in between.
    await submitContactMessage(t.db, input, {
      ...rules(),
      now: new Date(t.clock.now().getTime() - 10 * 60_000),
      botCheck: async () => {
        expect(await finishStaleContactMessages(t.db, { ...rules(), now: t.clock.now() })).toBe(1);
        return 'passed';
      },
    });
    const [row] = await t.db.select().from(contactSubmissions).where(eq(contactSubmissions.email, input.email));
    expect(row.botCheck).toBe('unavailable');
    expect(await emailsOf(row.id)).toHaveLength(2);
    expect(await finishStaleContactMessages(t.db, { ...rules(), now: t.clock.now() })).toBe(0);
  });

  it('with the bot check on, lets an old one through to the business only: no acknowledgement to an address no one vouched for', async () => {
    const stale = await leftPending(10);
    expect(await finishStaleContactMessages(t.db, { ...rules(), isBotCheckOn: true, now: t.clock.now() })).toBe(1);
    expect(await emailsOf(stale.id)).toEqual([{ kind: 'contact-business', to: t.config.businessEmail }]);
  });
});
