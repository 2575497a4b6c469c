import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_META, withBusinessFacts } from '../../src/client/app/meta';
import { DEFAULT_SETTINGS } from '../../src/shared/schemas/settings';
import { CLIENT_ROUTE_PATTERNS, CLIENT_ROUTES, SERVER_RENDERED_ROUTES } from '../../src/shared/routes';
import { createClock } from '../helpers/clock';
import { createTestApp, type TestApp } from '../helpers/app';
import { ensureTestBuild } from '../helpers/build';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** A page's meta as the server writes it: with the business's name from the settings (the defaults here). */
const metaOf = (key: string) => withBusinessFacts(PAGE_META[key]!, DEFAULT_SETTINGS.business);

let t: TestApp;
let clientDir: string;
let scriptAsset: string;

beforeAll(async () => {
  clientDir = join(await ensureTestBuild(), 'client');
  // The biggest script: certainly above the precompression threshold.
  const scripts = readdirSync(join(clientDir, 'assets')).filter((f) => f.endsWith('.js'));
  scriptAsset = scripts.sort((a, b) => readFileSync(join(clientDir, 'assets', b)).length - readFileSync(join(clientDir, 'assets', a)).length)[0];
  t = await createTestApp({ clock: createClock('2026-06-01T17:00:00Z'), clientDir, seed: false });
}, 180_000);
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('prerendered pages', () => {
  it('serves / as prerendered HTML with its title and og tags', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const meta = metaOf('/');
    expect(meta.title).toBe('Westside Assembly Pros | Professional Furniture Assembly & Mounting Services');
    expect(res.body).toContain(`<title>${escapeHtml(meta.title)}</title>`);
    expect(res.body).toContain(`<meta property="og:title" content="${escapeHtml(meta.title)}" />`);
    expect(res.body).toContain(`<meta property="og:description" content="${escapeHtml(meta.description)}" />`);
    expect(res.body).toContain(`<meta name="description" content="${escapeHtml(meta.description)}" />`);
    // A document with islands: each island carries its own props, the page no state for an app.
    expect(res.body).toContain('<div id="root" data-server-rendered="true">');
    expect(res.body).not.toMatch(/<div id="root"[^>]*data-state=/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it.each([
    ['/', 'Furniture assembly and TV, art, mirror and shelf mounting in Santa Monica, West LA and Venice. 7+ years of experience, professional tools, online booking 7 days a week.'],
    ['/gallery', 'Furniture assembly and wall mounting projects we completed across Santa Monica, West LA and Venice.'],
    ['/testimonials', 'What homeowners and businesses in Santa Monica, West LA and Venice say about our assembly and mounting work.'],
    ['/contact', 'Questions or a free estimate: send us a message, call or email. Serving Santa Monica, West LA and Venice.'],
  ])('%s says the towns and years of the default settings in its description', async (route, description) => {
    expect(metaOf(route).description).toBe(description);
    expect((await get(route)).body).toContain(`<meta name="description" content="${description}" />`);
  });

  it.each(SERVER_RENDERED_ROUTES.filter((r) => r !== '/'))('serves %s prerendered, with and without a trailing slash', async (route) => {
    for (const url of [route, `${route}/`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<title>${escapeHtml(metaOf(route).title)}</title>`);
      expect(res.body).toContain('data-server-rendered="true"');
    }
  });

  it.each(SERVER_RENDERED_ROUTES)('%s has no inline script (the CSP would block it) and its stylesheet inlined', async (route) => {
    const res = await get(route);
    // Every <script> must load a file: React's streaming helpers inline would break hydration.
    const scripts = res.body.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toMatch(/\ssrc="\/assets\/[^"]+\.js"/);
    expect(res.body).not.toMatch(/<link rel="stylesheet"/);
    expect(res.body).toMatch(/<style>[^<]*--color-gold-400/);
  });

  it('preloads the API reads of the pages that list them, with the credentials the app fetches with', async () => {
    const preload = (url: string) => `<link rel="preload" href="${url}" as="fetch" crossorigin="use-credentials">`;
    const home = (await get('/')).body;
    expect(home).toContain(preload('/api/gallery'));
    // The testimonials come in the page itself (an island's props), so they are not fetched first;
    // so do the gallery page's projects.
    expect(home).not.toContain(preload('/api/testimonials'));
    for (const route of ['/gallery', '/services', '/testimonials']) expect((await get(route)).body).not.toContain('as="fetch"');
  });

  it('serves the brotli copy of a page when asked', async () => {
    const res = t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    const reply = await res;
    expect(reply.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(reply.rawPayload).toString('utf8')).toContain('data-server-rendered="true"');
  });
});

describe('browser-only routes', () => {
  it.each(CLIENT_ROUTES)('answers %s with the app shell and 200', async (route) => {
    const res = await get(route);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    // No markup (the browser renders these), but the business's facts for the header and footer.
    expect(res.body).toMatch(/<div id="root" data-state="[^"]*&quot;\/api\/config&quot;[^"]*"><\/div>/);
    expect(res.body).not.toContain('data-server-rendered');
  });

  it.each(CLIENT_ROUTE_PATTERNS)('answers a private link %s with the app shell, kept out of search results', async (pattern) => {
    const res = await get(pattern.replace(':token', 'A'.repeat(43)));
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.body).toMatch(/<div id="root" data-state="[^"]*"><\/div>/);
  });

  it('knows the invoice link among them, and a posted invoice form opens the page again', async () => {
    expect(CLIENT_ROUTE_PATTERNS).toContain('/invoice/:token');
    const posted = await t.app.inject({ method: 'POST', url: `/invoice/${'A'.repeat(43)}`, payload: 'cardNumber=4242', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`/invoice/${'A'.repeat(43)}`);
  });
});

describe('not found', () => {
  it('answers an unknown page with 404 and the 404 page', async () => {
    for (const url of ['/nonexistent', '/dashboard/nope', '/services/extra', '/assets/missing.js']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('404 Page Not Found');
    }
  });

  it('keeps JSON 404s for the API', async () => {
    const res = await get('/api/nonexistent');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.', code: 'NOT_FOUND' });
  });

  it('does not serve the HTML files under a second address', async () => {
    for (const url of ['/app.html', '/404.html', '/services/index.html']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('redirects /index.html to /', async () => {
    const res = await get('/index.html');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/');
  });
});

describe('assets', () => {
  it('caches hashed assets for a year', async () => {
    const res = await get(`/assets/${scriptAsset}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body).toBe(readFileSync(join(clientDir, 'assets', scriptAsset), 'utf8'));
  });

  it('serves the brotli copy when the browser accepts it, gzip otherwise', async () => {
    const original = readFileSync(join(clientDir, 'assets', scriptAsset));
    const br = await get(`/assets/${scriptAsset}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(original.length);
    expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);

    const gz = await get(`/assets/${scriptAsset}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(original)).toBe(true);
  });

  it('caches other public files for a day', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });
});

