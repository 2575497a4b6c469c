import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchFeed, parseFeedUrl } from './calendar-fetch';

const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
let server: Server;
let base: string;
const hits: Record<string, number> = {};

const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/feed.ics': (req, res) => {
    if (req.headers['if-none-match'] === '"v1"') {
      res.writeHead(304).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/calendar', etag: '"v1"', 'last-modified': 'Mon, 23 Nov 2026 10:00:00 GMT' }).end(ICS);
  },
  '/broken.ics': (_req, res) => res.writeHead(500, 'Internal Server Error').end('oops'),
  '/gone.ics': (_req, res) => res.writeHead(404).end(),
  '/big-chunked.ics': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/calendar' });
    for (let i = 0; i < 8; i++) res.write('x'.repeat(512));
    res.end();
  },
  '/big-declared.ics': (_req, res) => res.writeHead(200, { 'content-length': String(10 * 1024 * 1024) }).end(),
  '/silent.ics': () => {
    // Never answers.
  },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '';
    hits[path] = (hits[path] ?? 0) + 1;
    const redirect = /^\/hop\/(\d+)$/.exec(path);
    if (redirect) {
      const n = Number(redirect[1]);
      res.writeHead(302, { location: n > 0 ? `/hop/${n - 1}` : '/feed.ics' }).end();
      return;
    }
    (routes[path] ?? ((_q, r) => r.writeHead(404).end()))(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const allow = { allowPrivateHosts: true };

describe('fetchFeed', () => {
  it('returns the body with its validators, then answers not-modified to a conditional GET', async () => {
    const first = await fetchFeed(`${base}/feed.ics`, allow);
    expect(first).toEqual({ status: 'ok', body: ICS, etag: '"v1"', lastModified: 'Mon, 23 Nov 2026 10:00:00 GMT' });
    const second = await fetchFeed(`${base}/feed.ics`, { ...allow, validators: { etag: '"v1"' } });
    expect(second).toEqual({ status: 'not-modified' });
  });

  it.each([
    ['/broken.ics', /answered 500 Internal Server Error/],
    ['/gone.ics', /was not found \(404\)/],
  ])('says in words what %s answered', async (path, message) => {
    await expect(fetchFeed(`${base}${path}`, allow)).rejects.toThrow(message);
  });

  it('stops reading a body past the cap, whether declared or streamed', async () => {
    await expect(fetchFeed(`${base}/big-chunked.ics`, { ...allow, maxBytes: 2048 })).rejects.toThrow(/larger than/);
    await expect(fetchFeed(`${base}/big-declared.ics`, allow)).rejects.toThrow(/larger than 5 MB/);
    // Under the cap the same stream is read whole.
    const ok = await fetchFeed(`${base}/big-chunked.ics`, { ...allow, maxBytes: 4096 });
    expect(ok.status === 'ok' && ok.body.length).toBe(4096);
  });

  it('gives up on a server that never answers', async () => {
    const started = Date.now();
    await expect(fetchFeed(`${base}/silent.ics`, { ...allow, timeoutMs: 300 })).rejects.toThrow(/did not answer within/);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('follows up to 3 redirects and refuses a 4th', async () => {
    await expect(fetchFeed(`${base}/hop/2`, allow)).resolves.toMatchObject({ status: 'ok', body: ICS });
    await expect(fetchFeed(`${base}/hop/3`, allow)).rejects.toThrow(/redirected more than 3 times/);
  });

  it('refuses loopback and private addresses unless allowed, by number or by name', async () => {
    const before = hits['/feed.ics'] ?? 0;
    await expect(fetchFeed(`${base}/feed.ics`, { allowPrivateHosts: false })).rejects.toThrow(/private network/);
    const byName = base.replace('127.0.0.1', 'localhost');
    await expect(fetchFeed(`${byName}/feed.ics`, { allowPrivateHosts: false })).rejects.toThrow(/private network/);
    await expect(fetchFeed('http://[::1]:9/feed.ics', { allowPrivateHosts: false })).rejects.toThrow(/private network/);
    await expect(fetchFeed('http://10.1.2.3/feed.ics', { allowPrivateHosts: false })).rejects.toThrow(/private network/);
    // None of them reached the server.
    expect(hits['/feed.ics'] ?? 0).toBe(before);
  });
});

describe('parseFeedUrl', () => {
  it.each([
    ['webcal://p01-caldav.icloud.com/published/2/abc', 'https://p01-caldav.icloud.com/published/2/abc'],
    ['  https://calendar.google.com/calendar/ical/x%40group/private-abc/basic.ics ', 'https://calendar.google.com/calendar/ical/x%40group/private-abc/basic.ics'],
  ])('accepts %s', (raw, expected) => {
    expect(parseFeedUrl(raw).toString()).toBe(expected);
  });

  it.each([
    ['ftp://example.com/cal.ics', /Only http and https/],
    ['file:///etc/passwd', /Only http and https/],
    ['not a url', /not a web address/],
    ['https://user:pw@example.com/cal.ics', /user name or password/],
  ])('refuses %s', (raw, message) => {
    expect(() => parseFeedUrl(raw)).toThrow(message);
  });
});
