import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Smaller than this, a reply goes as it is: compressing would save less than its headers. */
const MIN_COMPRESS_BYTES = 1024;

/**
 * A reply body kept in memory as it is and compressed once (brotli, gzip), with its ETag, so a
 * reply read from a cache costs no serializing or compressing per request.
 */
export interface EncodedBody {
  raw: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  etag: string;
  type: string;
}

/**
 * `effort` is `max` for what is kept until the content changes (pages), `fast` for what may be
 * encoded again every few seconds (a day's time slots while bookings come in).
 */
export async function encodeBody(raw: Buffer, type: string, effort: 'max' | 'fast'): Promise<EncodedBody> {
  const etag = `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`;
  if (raw.length < MIN_COMPRESS_BYTES) return { raw, br: null, gzip: null, etag, type };
  const [br, gzipped] = await Promise.all([
    brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: effort === 'max' ? 9 : 5, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gz(raw, { level: effort === 'max' ? 9 : 6 }),
  ]);
  return { raw, br, gzip: gzipped, etag, type };
}

/** A JSON reply checked against its response schema once, when encoded, instead of on every request. */
export function encodeJson<S extends z.ZodType>(schema: S, value: z.input<S>, effort: 'max' | 'fast' = 'max'): Promise<EncodedBody> {
  return encodeBody(Buffer.from(JSON.stringify(schema.parse(value))), 'application/json; charset=utf-8', effort);
}

/** Sends `body` as brotli or gzip when the client takes it, and 304 when it already has this one. */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody): FastifyReply {
  reply.header('cache-control', 'no-cache').header('etag', body.etag).header('vary', 'accept-encoding').type(body.type);
  if (reply.statusCode === 200 && request.headers['if-none-match'] === body.etag) return reply.status(304).send();
  const accepts = String(request.headers['accept-encoding'] ?? '');
  const [payload, encoding] = body.br && /\bbr\b/.test(accepts) ? [body.br, 'br'] : body.gzip && /\bgzip\b/.test(accepts) ? [body.gzip, 'gzip'] : [body.raw, null];
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(payload);
}
