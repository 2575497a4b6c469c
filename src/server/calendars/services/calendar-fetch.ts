import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { checkedLookup, isPrivateAddress } from './calendar-fetch-policy';

/**
 * Fetches one of the owner's calendar feeds (the secret iCal address Google, Apple and Outlook
 * publish). The URL is typed by a person and fetched by the server, so it is treated as hostile:
 * http and https only (webcal:// is https), every address the name resolves to checked against
 * loopback and private ranges unless `allowPrivateHosts` (and the connection made to the checked
 * address, so a second DNS answer cannot swap it), at most 3 redirects each checked the same way,
 * 10 s for the whole exchange and 5 MB for the body. A conditional GET (ETag / Last-Modified)
 * lets an unchanged feed cost one small reply.
 */

export const FEED_TIMEOUT_MS = 10_000;
export const FEED_MAX_BYTES = 5 * 1024 * 1024;
export const FEED_MAX_REDIRECTS = 3;

export interface FeedValidators {
  etag?: string | null;
  lastModified?: string | null;
}

export type FeedFetchResult = { status: 'not-modified' } | { status: 'ok'; body: string; etag: string | null; lastModified: string | null };

/** A feed that could not be fetched; `message` is written for the owner's screen. */
export class FeedFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedFetchError';
  }
}

export interface FeedFetchOptions {
  allowPrivateHosts: boolean;
  validators?: FeedValidators;
  timeoutMs?: number;
  maxBytes?: number;
}

/** Normalises what the owner pasted; throws FeedFetchError for anything but http(s) and webcal(s). */
export function parseFeedUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim().replace(/^webcals?:\/\//i, 'https://'));
  } catch {
    throw new FeedFetchError('That is not a web address. Paste the calendar’s secret iCal address (it starts with https://).');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FeedFetchError('Only http and https calendar addresses can be used.');
  if (url.username || url.password) throw new FeedFetchError('Calendar addresses with a user name or password in them cannot be used.');
  return url;
}

function once(url: URL, opts: Required<Pick<FeedFetchOptions, 'allowPrivateHosts' | 'maxBytes'>> & { validators?: FeedValidators; signal: AbortSignal }) {
  if (!opts.allowPrivateHosts && isIP(url.hostname.replace(/^\[|\]$/g, '')) && isPrivateAddress(url.hostname.replace(/^\[|\]$/g, ''))) {
    throw new FeedFetchError('That address points into a private network, which the server does not fetch from.');
  }
  const headers: Record<string, string> = { accept: 'text/calendar, text/plain;q=0.9, */*;q=0.1', 'user-agent': 'westside-assembly-calendar-sync' };
  if (opts.validators?.etag) headers['if-none-match'] = opts.validators.etag;
  if (opts.validators?.lastModified) headers['if-modified-since'] = opts.validators.lastModified;
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<{ res: IncomingMessage; body: Buffer | null }>((resolve, reject) => {
    const req = request(url, { method: 'GET', headers, lookup: checkedLookup(opts.allowPrivateHosts) as never, signal: opts.signal }, (res) => {
      const status = res.statusCode ?? 0;
      if (status !== 200) {
        res.resume();
        resolve({ res, body: null });
        return;
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > opts.maxBytes) {
        res.destroy();
        reject(new FeedFetchError(`The calendar is larger than ${Math.round(opts.maxBytes / 1024 / 1024)} MB, more than the site reads.`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > opts.maxBytes) {
          res.destroy();
          reject(new FeedFetchError(`The calendar is larger than ${Math.round(opts.maxBytes / 1024 / 1024)} MB, more than the site reads.`));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ res, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function describe(err: unknown, timeoutMs: number): FeedFetchError {
  if (err instanceof FeedFetchError) return err;
  const e = err as NodeJS.ErrnoException;
  if (e?.name === 'AbortError' || e?.name === 'TimeoutError') return new FeedFetchError(`The calendar did not answer within ${Math.round(timeoutMs / 1000)} seconds.`);
  switch (e?.code) {
    case 'EPRIVATE':
      return new FeedFetchError('That address points into a private network, which the server does not fetch from.');
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new FeedFetchError('The calendar’s server name could not be found. Check the address.');
    case 'ECONNREFUSED':
      return new FeedFetchError('The calendar’s server refused the connection.');
    case 'ECONNRESET':
      return new FeedFetchError('The calendar’s server dropped the connection.');
    default:
      return new FeedFetchError(`The calendar could not be fetched (${e?.code ?? e?.message ?? 'unknown error'}).`);
  }
}

export async function fetchFeed(rawUrl: string, opts: FeedFetchOptions): Promise<FeedFetchResult> {
  const timeoutMs = opts.timeoutMs ?? FEED_TIMEOUT_MS;
  const maxBytes = opts.maxBytes ?? FEED_MAX_BYTES;
  const signal = AbortSignal.timeout(timeoutMs);
  let url = parseFeedUrl(rawUrl);
  try {
    for (let redirects = 0; ; redirects++) {
      const { res, body } = await once(url, { allowPrivateHosts: opts.allowPrivateHosts, maxBytes, validators: opts.validators, signal });
      const status = res.statusCode ?? 0;
      if (status === 304) return { status: 'not-modified' };
      if (status === 200 && body) {
        const header = (name: string) => {
          const v = res.headers[name];
          return typeof v === 'string' ? v : null;
        };
        return { status: 'ok', body: body.toString('utf8'), etag: header('etag'), lastModified: header('last-modified') };
      }
      if ([301, 302, 303, 307, 308].includes(status) && res.headers.location) {
        if (redirects >= FEED_MAX_REDIRECTS) throw new FeedFetchError(`The calendar address redirected more than ${FEED_MAX_REDIRECTS} times.`);
        url = parseFeedUrl(new URL(res.headers.location, url).toString());
        continue;
      }
      if (status === 401 || status === 403) throw new FeedFetchError(`The calendar refused access (${status}). Use the secret (private) iCal address, not the public one.`);
      if (status === 404 || status === 410) throw new FeedFetchError(`The calendar was not found (${status}). It may have been deleted or its secret address reset.`);
      throw new FeedFetchError(`The calendar’s server answered ${status}${res.statusMessage ? ` ${res.statusMessage}` : ''}.`);
    }
  } catch (err) {
    throw describe(err, timeoutMs);
  }
}
