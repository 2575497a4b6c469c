import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/server/db/schema';
import { call, freshIp, PASSWORD, signUp } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';
import { sentText } from '../helpers/sent-mail';

// Tuesday 2026-12-01, 9:00 AM in Los Angeles.
const clock = createClock('2026-12-01T17:00:00Z');
const OWNER_EMAIL = 'owner@westside.example';
const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { LOG_LEVEL: 'info', ADMIN_EMAILS: OWNER_EMAIL }, logStream: { write: (line) => lines.push(line) } });
});
afterAll(async () => t?.close());

const newToken = () => randomBytes(32).toString('base64url');

/** The token of the newest email of this kind to this address, as it is sent. */
async function emailedToken(kind: string, to: string, pattern: RegExp): Promise<string> {
  const [mail] = await t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.toAddress, to)))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  const text = await sentText(t.app, mail.id);
  const match = pattern.exec(text);
  expect(match, text).not.toBeNull();
  return match![1];
}

describe('the request log', () => {
  it('never holds a link token, in a path or a query string, whatever the answer', async () => {
    // Live tokens: a password reset and the owner's address confirmation, as emailed.
    const customer = await signUp(t.app);
    expect((await call(t.app, 'POST', '/api/auth/forgot-password', { ip: freshIp(), body: { email: customer.email } })).status).toBe(200);
    const reset = await emailedToken('password_reset', customer.email, /\/reset-password\?token=([\w-]+)/);
    expect((await call(t.app, 'POST', '/api/auth/register', { ip: freshIp(), body: { fullName: 'Business Owner', email: OWNER_EMAIL, phone: '3105550100', password: PASSWORD, confirmPassword: PASSWORD } })).status).toBe(201);
    const confirm = await emailedToken('owner_confirm_email', OWNER_EMAIL, /confirm-email\?token=([\w-]+)/);

    const manage = newToken();
    const review = newToken();
    const page = newToken();
    const signIn = newToken();
    const feed = newToken();
    const odd = newToken();
    const bad = newToken();
    const requests: [string, string, number][] = [
      ['GET', `/api/manage/${manage}`, 404],
      ['GET', `/api/manage/${manage}/ics`, 404],
      ['POST', `/api/manage/${manage}/cancel`, 404],
      ['GET', `/api/reviews/${review}`, 404],
      ['GET', `/booking/${page}`, 404],
      ['GET', `/review/${page}`, 404],
      ['GET', `/reset-password?token=${reset}`, 404],
      ['GET', `/api/auth/confirm-email?token=${confirm}`, 303],
      ['GET', `/api/auth/sign-in-link?token=${signIn}`, 303],
      ['GET', `/api/calendar/feed.ics?token=${feed}`, 404],
      // Not a route: the 404 still must not write the token down.
      ['GET', `/API/Manage/${odd}?x=${odd}`, 404],
      ['GET', `/api/manage/${bad}%zz`, 400],
    ];
    for (const [method, url, status] of requests) {
      const res = await call(t.app, method, url, { ip: freshIp(), body: method === 'POST' ? {} : undefined });
      expect(res.status, `${method} ${url}`).toBe(status);
    }

    const log = lines.join('');
    // The requests were logged, with what is not secret.
    expect(log).toContain('"url":"/api/manage/[redacted]/ics"');
    expect(log).toContain('"url":"/api/auth/sign-in-link?token=[redacted]"');
    expect(log).toContain('"url":"/reset-password?token=[redacted]"');
    for (const token of [reset, confirm, manage, review, page, signIn, feed, odd, bad]) expect(log.includes(token), `token ${token} in the log`).toBe(false);
  });
});
