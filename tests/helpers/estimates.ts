import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { emailOutbox } from '../../src/server/db/schema';
import sharp from 'sharp';
import type { TestApp } from './app';
import { call, freshIp } from './accounts';
import { sendEmailNow } from './sent-mail';

/**
 * Free estimates from photos (issue 22) in tests: a request sent, a quote written by the owner,
 * and the private link of the quote's email as sent.
 */

/** A file of the form: its bytes, the name the device gave it and its declared type. */
export interface FormFile {
  filename: string;
  bytes: Buffer;
  type?: string;
  /** The form field; `photos` unless given. */
  field?: string;
}

/**
 * A real photo, `width` × `height` of one colour per `n`, as a phone might send it (JPEG unless
 * said), optionally with EXIF: its orientation and a GPS position.
 */
export async function photo(n: number, opts: { format?: 'jpeg' | 'png' | 'webp'; width?: number; height?: number; filename?: string; gps?: boolean; orientation?: number } = {}): Promise<FormFile> {
  const format = opts.format ?? 'jpeg';
  let image = sharp({ create: { width: opts.width ?? 64, height: opts.height ?? 48, channels: 3, background: { r: (n * 40) % 256, g: 90, b: 160 } } })[format]();
  if (opts.orientation) image = image.withMetadata({ orientation: opts.orientation });
  if (opts.gps) image = image.withExifMerge({ IFD0: { Make: 'PhotoTestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '34/1 1/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '118/1 29/1 0/1' } });
  return { filename: opts.filename ?? `photo-${n}.${format === 'jpeg' ? 'jpg' : format}`, bytes: await image.toBuffer(), type: `image/${format}` };
}

/** The photos of a request unless a test says otherwise: two small JPEGs. */
export const twoPhotos = () => Promise.all([photo(1), photo(2)]);

/** A multipart/form-data body as a browser's FormData sends it. */
export function multipartBody(fields: Record<string, string>, files: readonly FormFile[]): { payload: Buffer; contentType: string } {
  const boundary = `----estimate${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'photos'}"; filename="${file.filename}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`));
    chunks.push(file.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const ESTIMATE_FIELDS = {
  description: 'Mount a 65 inch TV above a brick fireplace and hide the wires.',
  fullName: 'Dana Whitfield',
  email: 'dana@example.com',
  phone: '(310) 555-0177',
  address: '1234 Ocean Ave, Santa Monica, CA 90401',
  preferredDays: 'Weekday mornings',
};

/** POST /api/estimates with the fields (ESTIMATE_FIELDS unless overridden) and files; the reply, JSON parsed. */
export async function sendRequest(t: TestApp, fields: Record<string, string> = {}, files?: readonly FormFile[], ip = freshIp()) {
  const { payload, contentType } = multipartBody({ ...ESTIMATE_FIELDS, ...fields }, files ?? (await twoPhotos()));
  const res = await t.app.inject({ method: 'POST', url: '/api/estimates', headers: { 'content-type': contentType }, payload, remoteAddress: ip });
  return { status: res.statusCode, body: res.json() as any, raw: res.body };
}

/** A request sent and stored (201): its id. */
export async function submit(t: TestApp, fields: Record<string, string> = {}, files?: readonly FormFile[]): Promise<{ id: number }> {
  const res = await sendRequest(t, fields, files);
  expect(res.status, res.raw).toBe(201);
  return res.body;
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
