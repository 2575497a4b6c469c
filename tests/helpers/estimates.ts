import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { emailOutbox } from '../../src/server/db/schema';
import { submitEstimate, type IncomingPhoto, type ProcessedPhoto } from '../../src/server/estimates/services/estimates';
import type { RecaptchaOutcome } from '../../src/server/accounts';
import type { TestApp } from './app';
import { call, freshIp } from './accounts';
import { sendEmailNow } from './sent-mail';

/**
 * Free estimates from photos (issue 22) in tests: a request sent, a quote written by the owner,
 * and the private link of the quote's email as sent.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A stand-in photo: the PNG signature and `n` as its content, so each photo's bytes differ. */
export function fakePhoto(n: number, filename = `photo-${n}.png`): IncomingPhoto {
  return { filename, bytes: Buffer.concat([PNG_SIGNATURE, Buffer.from(`photo ${n}`)]) };
}

/**
 * Until sharp decodes the photos (see decision 0020), the request's photos go through this
 * decoder: bytes that start as a PNG are a 640 × 480 PNG, kept as they are; anything else is no image.
 */
export async function fakeProcessor(bytes: Buffer): Promise<ProcessedPhoto | null> {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  return { contentType: 'image/png', data: bytes, width: 640, height: 480 };
}

export const ESTIMATE_FIELDS = {
  description: 'Mount a 65 inch TV above a brick fireplace and hide the wires.',
  fullName: 'Dana Whitfield',
  email: 'dana@example.com',
  phone: '(310) 555-0177',
  address: '1234 Ocean Ave, Santa Monica, CA 90401',
  preferredDays: 'Weekday mornings',
};

/** Sends a request as POST /api/estimates does, through its service. */
export function submit(
  t: TestApp,
  fields: Partial<typeof ESTIMATE_FIELDS> = {},
  photos: IncomingPhoto[] = [fakePhoto(1), fakePhoto(2)],
  botCheck: RecaptchaOutcome = 'off',
) {
  return submitEstimate(
    {
      db: t.db,
      now: t.clock.now(),
      timeZone: t.config.businessTz,
      publicUrl: t.config.publicUrl,
      businessEmail: t.config.businessEmail,
      textsEnabled: t.config.twilio !== null,
      isBotCheckOn: t.config.recaptcha !== null,
      clientIp: freshIp(),
      botCheck: async () => botCheck,
      processPhoto: fakeProcessor,
    },
    { ...ESTIMATE_FIELDS, ...fields },
    photos,
  );
}

/** One line of a quote as the owner writes it. */
export const QUOTE_LINE = { description: 'Mount a 65" TV above a brick fireplace', quantity: 1, unitCents: 32900, minutes: 150 };

/** The owner quotes request `id`; returns the reply. */
export function quote(t: TestApp, admin: string, id: number, body: Record<string, unknown> = { lines: [QUOTE_LINE] }) {
  return call(t.app, 'POST', `/api/admin/estimates/${id}/quote`, { body, headers: { cookie: admin } });
}

/** The token of the quote email's private link, made as the email goes out. */
export async function quoteTokenOf(t: TestApp, quoteId: number): Promise<string> {
  const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `quote-${quoteId}`)).orderBy(desc(emailOutbox.id)).limit(1);
  expect(mail, `a quote email for quote ${quoteId}`).toBeDefined();
  const sent = await sendEmailNow(t.app, mail.id);
  const token = /\/quote\/([\w-]{43})(?![\w-])/.exec(sent.text)?.[1];
  if (!token) throw new Error(`no quote link in: ${sent.text}`);
  return token;
}

/** A request quoted by the owner: the request's id, the quote's id and its link's token. */
export async function quotedRequest(t: TestApp, admin: string, body?: Record<string, unknown>) {
  const { id } = await submit(t);
  const res = await quote(t, admin, id, body);
  expect(res.status, res.raw).toBe(201);
  const quoteId = res.body.quotes[0].id as number;
  return { id, quoteId, token: await quoteTokenOf(t, quoteId) };
}
