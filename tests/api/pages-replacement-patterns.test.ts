import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, symlinkSync, mkdirSync, copyFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, reviews } from '../../src/server/db/schema';
import { ISLAND_ROUTES } from '../../src/shared/routes';
import { call, signUpOwner } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/app';
import { ensureTestBuild } from '../helpers/build';
import { createClock } from '../helpers/clock';

/**
 * Text the owner or a customer writes is spliced into the page template. `$``, `$&`, `$'`, `$$`
 * and `$1` mean something to String.prototype.replace with a string replacement: one `$`` there
 * repeats the whole template before the spot. Every page must show such text as typed.
 */
const PATTERNS = ['$`', '$&', "$'", '$$', '$1'];
const PAGES = ['/', '/services', '/gallery', '/testimonials', '/contact', '/book', '/nonexistent', '/dashboard'];
const clock = createClock('2027-04-02T19:00:00.000Z');

/** Each field's text: its own label, then every pattern, several times over. */
const typed = (label: string, max = 80) => `${label} ${PATTERNS.join(' ')} ${PATTERNS.join('')}`.slice(0, max);
const VALUES = {
  name: typed('Biz', 100),
  tagline: typed('Tagline', 200),
  address: typed('1 Main St', 200),
  serviceRadius: typed('Radius', 200),
  serviceName: typed('Svc', 80),
  serviceDescription: typed('Service description', 1000),
  testimonialName: typed('Quoted', 80),
  testimonialLocation: typed('Venice', 80),
  testimonialContent: typed('Testimonial text', 1000),
  galleryTitle: typed('Gallery title', 120),
  galleryDescription: typed('Gallery description', 1000),
  reviewComment: typed('Review comment', 2000),
  reviewName: typed('Rev', 40),
};

let t: TestApp;
let sid: string;
const baseline = new Map<string, number>();

async function page(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.body };
}

/** The page's text as a reader sees it: tags and React's text separators out, entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(quot|lt|gt|#x27|#39|amp);/g, (_m, e: string) => ({ quot: '"', lt: '<', gt: '>', '#x27': "'", '#39': "'", amp: '&' })[e]!);
}

/** The state the server wrote on the root element, parsed. */
function pageState(html: string): Record<string, any> {
  const raw = /data-state="([^"]*)"/.exec(html)![1];
  return JSON.parse(raw.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&amp;/g, '&')) as Record<string, any>;
}

beforeAll(async () => {
  const clientDir = join(await ensureTestBuild(), 'client');
  t = await createTestApp({ clock, clientDir, env: { ADMIN_EMAILS: 'owner@patterns.test' } });
  sid = (await signUpOwner(t, 'owner@patterns.test')).sid;
  for (const url of PAGES) baseline.set(url, (await page(url)).body.length);
}, 180_000);
afterAll(async () => t?.close());

describe('text with replacement patterns in every field that reaches a public page', () => {
  beforeAll(async () => {
    const ok = (res: { status: number; raw: string }, status = 200) => expect(res.status, res.raw).toBe(status);
    ok(await call(t.app, 'PATCH', '/api/admin/settings', { sid, body: { business: { name: VALUES.name, tagline: VALUES.tagline, address: VALUES.address, serviceRadius: VALUES.serviceRadius } } }));

    const services = (await call(t.app, 'GET', '/api/admin/services', { sid })).body as { id: number; slug: string; price: number; durationMinutes: number; active: boolean; sortOrder: number }[];
    const tv = services.find((s) => s.slug === 'tv-mounting')!;
    ok(await call(t.app, 'PUT', `/api/admin/services/${tv.id}`, { sid, body: { name: VALUES.serviceName, description: VALUES.serviceDescription, price: tv.price, durationMinutes: tv.durationMinutes, active: true, sortOrder: tv.sortOrder } }));

    ok(await call(t.app, 'POST', '/api/admin/testimonials', {
      sid,
      body: { name: VALUES.testimonialName, location: VALUES.testimonialLocation, content: VALUES.testimonialContent, rating: 5, serviceType: 'tv-mounting', visible: true, sortOrder: 0 },
    }), 201);
    ok(await call(t.app, 'POST', '/api/admin/gallery', {
      sid,
      body: { title: VALUES.galleryTitle, description: VALUES.galleryDescription, category: 'mounting', imageUrl: '/images/gallery-1.jpg' },
    }), 201);

    // A customer's review through the emailed link's flow, then published by the owner.
    const token = 'patterns-review-token-0123456789abcdefghijklmnop';
    const [job] = await t.db
      .insert(bookings)
      .values({
        serviceType: 'tv-mounting',
        bookingDate: '2027-03-10',
        bookingTime: '9:00 AM',
        startsAt: new Date('2027-03-10T16:00:00Z'),
        fullName: 'Rita Reviewer',
        email: 'rita@example.com',
        phone: '310-555-0100',
        address: '1450 Ocean Ave, Santa Monica, CA 90401',
        status: 'completed',
      })
      .returning();
    const [review] = await t.db
      .insert(reviews)
      .values({ bookingId: job.id, tokenHash: createHash('sha256').update(token).digest('hex'), status: 'requested', requestedAt: clock.now() })
      .returning();
    ok(await call(t.app, 'POST', `/api/reviews/${token}`, { body: { rating: 5, comment: VALUES.reviewComment, displayName: VALUES.reviewName } }), 201);
    ok(await call(t.app, 'POST', `/api/admin/reviews/${review.id}/publish`, { sid }));
  }, 60_000);

  it.each(PAGES)('%s stays one intact page of a sane size, its state parses and holds the text as typed', async (url) => {
    const { status, body } = await page(url);
    expect([200, 404]).toContain(status);
    // One document, every marker of the template filled once.
    expect(body.match(/<!doctype html>/gi)).toHaveLength(1);
    expect(body.match(/<\/html>/g)).toHaveLength(1);
    expect(body.match(/<div id="root"/g)).toHaveLength(1);
    expect(body).not.toContain('<!--head-->');
    expect(body).not.toContain('<!--app-->');
    // The texts above add a few kilobytes, not copies of the template.
    expect(body.length).toBeLessThan(baseline.get(url)! + 30_000);

    // An island page holds no state (its islands carry their props); the app's pages do.
    if (!/<div id="root"[^>]*data-state=/.test(body)) {
      expect(ISLAND_ROUTES).toContain(url);
      expect(visibleText(body)).toContain(VALUES.name);
      return;
    }
    const state = pageState(body);
    expect(state['/api/config'].business).toMatchObject({ name: VALUES.name, tagline: VALUES.tagline, address: VALUES.address, serviceRadius: VALUES.serviceRadius });
    expect(state['/api/services']).toContainEqual(expect.objectContaining({ name: VALUES.serviceName, description: VALUES.serviceDescription }));
    expect(visibleText(body)).toContain(VALUES.name);
  });

  it('shows each text exactly as typed where it appears', async () => {
    const text = async (url: string) => visibleText((await page(url)).body);
    const home = await text('/');
    const services = await text('/services');
    const testimonials = await text('/testimonials');
    const contact = await text('/contact');
    for (const v of [VALUES.name, VALUES.testimonialName, VALUES.testimonialContent]) expect(home).toContain(v);
    for (const v of [VALUES.serviceName]) expect(services).toContain(v);
    for (const v of [VALUES.testimonialName, VALUES.testimonialLocation, VALUES.testimonialContent, VALUES.reviewComment, VALUES.reviewName]) expect(testimonials).toContain(v);
    for (const v of [VALUES.address, VALUES.serviceRadius]) expect(contact).toContain(v);
    // The page title carries the business name, escaped once.
    expect((await page('/services')).body).toContain(`<title>Services | ${VALUES.name.replace(/&/g, '&amp;')}</title>`);
  });
});

describe('a page whose render throws', () => {
  let dir: string;
  let broken: TestApp | undefined;
  afterAll(async () => {
    await broken?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('neither stops the app from starting (which renders every page) nor the other pages from serving', async () => {
    // The built client and an SSR entry whose /gallery render throws, beside it as the build lays them out.
    const dist = await ensureTestBuild();
    dir = mkdtempSync(join(tmpdir(), 'broken-page-'));
    symlinkSync(join(dist, 'client'), join(dir, 'client'));
    mkdirSync(join(dir, 'ssr'));
    copyFileSync(join(dist, 'ssr', 'shell.json'), join(dir, 'ssr', 'shell.json'));
    const real = pathToFileURL(join(dist, 'ssr', 'entry-server.js')).href;
    writeFileSync(
      join(dir, 'ssr', 'entry-server.js'),
      `import * as real from ${JSON.stringify(real)};
export const PAGE_META = real.PAGE_META;
export const withBusinessFacts = real.withBusinessFacts;
export async function render(url, state) {
  if (url === '/gallery') throw new Error('this page cannot render');
  return real.render(url, state);
}
`,
    );
    broken = await createTestApp({ clock, clientDir: join(dir, 'client') });
    const res = await broken.app.inject({ method: 'GET', url: '/gallery' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('this page cannot render');
    for (const url of ['/', '/services', '/testimonials', '/contact', '/book', '/dashboard']) {
      const ok = await broken.app.inject({ method: 'GET', url });
      expect(ok.statusCode, url).toBe(200);
      expect(ok.body).toContain('<div id="root"');
    }
    expect((await broken.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
