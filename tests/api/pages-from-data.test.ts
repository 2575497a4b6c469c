import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpVersions } from '../../src/server/settings/repositories/settings';
import { services, testimonials } from '../../src/server/db/schema';
import { createClock } from '../helpers/clock';
import { createSecondInstance, createTestApp, type TestApp } from '../helpers/app';
import { ensureTestBuild } from '../helpers/build';
import { call, signUpOwner } from '../helpers/accounts';

// Every public page the server renders from the database, and the 404 page.
const PAGES = ['/', '/services', '/gallery', '/testimonials', '/contact', '/book', '/nonexistent'];

let first: TestApp;
let second: TestApp;
let ownerSid: string;
let clock: ReturnType<typeof createClock>;

beforeAll(async () => {
  const clientDir = join(await ensureTestBuild(), 'client');
  clock = createClock('2026-06-01T17:00:00Z');
  first = await createTestApp({ clock, clientDir, versionTtlMs: 1_000, env: { ADMIN_EMAILS: 'owner@pages.test' } });
  second = await createSecondInstance(first, { clock, clientDir, versionTtlMs: 1_000 });
  const owner = await signUpOwner(first, 'owner@pages.test');
  ownerSid = owner.sid;
}, 180_000);

afterAll(async () => {
  await second?.close();
  await first?.close();
});

/** The raw HTML of a page, as a client without JavaScript gets it. */
async function html(t: TestApp, url: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url });
  expect([200, 404]).toContain(res.statusCode);
  return res.body;
}

/** Polls every public page of both instances until each contains `text`; fails after 5 s. */
async function expectOnEveryPage(text: string, pages = PAGES) {
  const started = Date.now();
  const missing = async () => {
    const out: string[] = [];
    for (const t of [first, second]) for (const url of pages) if (!(await html(t, url)).includes(text)) out.push(`${t === first ? 'first' : 'second'} ${url}`);
    return out;
  };
  let left = await missing();
  while (left.length && Date.now() - started < 5_000) {
    await new Promise((r) => setTimeout(r, 250));
    left = await missing();
  }
  expect(left, `pages without "${text}" after ${Date.now() - started} ms`).toEqual([]);
}

describe('the public pages follow the data, with no rebuild', () => {
  it('puts the gallery page’s projects in the page itself: cards and images, no read of the API to wait for', async () => {
    const items = (await first.app.inject({ method: 'GET', url: '/api/gallery' })).json() as { title: string; imageUrl: string }[];
    expect(items.length).toBeGreaterThan(1);
    const body = await html(first, '/gallery');
    // Every card, heading and image, is in the HTML; no skeleton list is waiting for data.
    for (const item of items) {
      expect(body).toContain(escapeText(item.title));
      expect(body).toMatch(new RegExp(`<img[^>]+src="${item.imageUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`));
    }
    expect(body).not.toContain('aria-busy="true"');
    // The home page's gallery loads from the API, its six skeleton cards showing meanwhile (spec).
    expect((await html(first, '/')).match(/data-testid="gallery-skeleton"/g)).toHaveLength(6);
    // The gallery page names its first image in the head, so it loads beside the stylesheet.
    expect(body).toMatch(new RegExp(`<link rel="preload" as="image" href="${items[0]!.imageUrl}"`));
  });

  it('a new phone number shows in the raw HTML of every page on both instances within 5 s', async () => {
    // Both instances have rendered (and keep) the pages with the old number.
    for (const t of [first, second]) for (const url of PAGES) expect(await html(t, url)).toContain('(310) 555-0142');
    const res = await call(first.app, 'PATCH', '/api/admin/settings', { sid: ownerSid, body: { business: { phone: '(424) 555-0199' } } });
    expect(res.status, res.raw).toBe(200);
    await expectOnEveryPage('(424) 555-0199');
    await expectOnEveryPage('href="tel:4245550199"');
    for (const url of PAGES) expect(await html(second, url)).not.toContain('(310) 555-0142');
  });

  it('changed hours show as the hours lines of every page', async () => {
    const res = await call(first.app, 'PATCH', '/api/admin/settings', { sid: ownerSid, body: { hours: { '0': { open: '10:00', close: '14:00' }, '6': { open: '09:00', close: '15:30' } } } });
    expect(res.status, res.raw).toBe(200);
    await expectOnEveryPage('Saturday: 9:00 AM - 3:30 PM');
    await expectOnEveryPage('Sunday: 10:00 AM - 2:00 PM');
    for (const url of PAGES) expect(await html(second, url)).not.toContain('Sunday: Closed');
  });

  it('a renamed business shows in the titles and the footer', async () => {
    const res = await call(first.app, 'PATCH', '/api/admin/settings', { sid: ownerSid, body: { business: { name: 'Venice Mount & Build' } } });
    expect(res.status).toBe(200);
    await expectOnEveryPage('<title>Services | Venice Mount &amp; Build</title>', ['/services']);
    await expectOnEveryPage('© <!-- -->', ['/']);
    await expectOnEveryPage('Venice Mount &amp; Build');
  });

  it('the years in business, the figures and the towns served show where the pages said them', async () => {
    // Today's texts with the spec's values, before any change.
    const home = await html(first, '/');
    expect(home).toContain('<meta name="description" content="Furniture assembly and TV, art, mirror and shelf mounting in Santa Monica, West LA and Venice. 7+ years of experience, professional tools, online booking 7 days a week." />');
    expect(await html(first, '/testimonials')).toContain('>500+<');
    const res = await call(first.app, 'PATCH', '/api/admin/settings', {
      sid: ownerSid,
      body: { business: { yearsInBusiness: 12, projectsCompleted: '650+', averageRating: '4.8', satisfaction: '97%', serviceTowns: 'Venice and Culver City' } },
    });
    expect(res.status, res.raw).toBe(200);
    await expectOnEveryPage(
      '<meta name="description" content="Furniture assembly and TV, art, mirror and shelf mounting in Venice and Culver City. 12+ years of experience, professional tools, online booking 7 days a week." />',
      ['/'],
    );
    await expectOnEveryPage('<meta name="description" content="Questions or a free estimate: send us a message, call or email. Serving Venice and Culver City." />', ['/contact']);
    await expectOnEveryPage('<meta name="description" content="Furniture assembly and wall mounting projects we completed across Venice and Culver City." />', ['/gallery']);
    await expectOnEveryPage('<meta name="description" content="What homeowners and businesses in Venice and Culver City say about our assembly and mounting work." />', ['/testimonials']);
    await expectOnEveryPage('12<!-- -->+ years of careful, insured work');
    await expectOnEveryPage('12+ Years of Experience', ['/']);
    for (const figure of ['>12+<', '>650+<', '>4.8<', '>97%<']) await expectOnEveryPage(figure, ['/testimonials']);
    const testimonials = await html(second, '/testimonials');
    for (const old of ['>7+<', '>500+<', '>4.9<', '>98%<']) expect(testimonials).not.toContain(old);
  });

  it("a service's new name shows on every page; a service made inactive leaves them", async () => {
    await first.db.transaction(async (tx) => {
      await tx.update(services).set({ name: 'Shelf & Mirror Hanging' }).where(eq(services.slug, 'shelf-mounting'));
      await bumpVersions(tx, ['content'], new Date());
    });
    await expectOnEveryPage('Shelf &amp; Mirror Hanging');
    await first.db.transaction(async (tx) => {
      await tx.update(services).set({ active: false }).where(eq(services.slug, 'shelf-mounting'));
      await bumpVersions(tx, ['content'], new Date());
    });
    const started = Date.now();
    let still = PAGES;
    while (still.length && Date.now() - started < 5_000) {
      still = [];
      for (const url of PAGES) if ((await html(second, url)).includes('Shelf &amp; Mirror Hanging')) still.push(url);
      if (still.length) await new Promise((r) => setTimeout(r, 250));
    }
    expect(still).toEqual([]);
  });

  it('/book carries the price list, whose crew of two follows the owner’s crews within 5 s', async () => {
    const bookState = async (t: TestApp) => {
      const attr = /data-state="([^"]*)"/.exec(await html(t, '/book'))![1];
      const state = JSON.parse(attr.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&amp;/g, '&'));
      return state['/api/price-list'] as { serviceType: string; items: { name: string }[]; twoPeopleBookable: boolean }[];
    };
    const list = await bookState(second);
    expect(list.find((s) => s.serviceType === 'furniture-assembly')!.items.map((i) => i.name)).toContain('Bed frame');
    expect(list.every((s) => s.twoPeopleBookable)).toBe(true);
    const setSizes = async (crewSizes: number[]) => expect((await call(first.app, 'PATCH', '/api/admin/settings', { sid: ownerSid, body: { crewSizes } })).status).toBe(200);
    await setSizes([1]);
    try {
      const started = Date.now();
      let bookable = true;
      while (bookable && Date.now() - started < 5_000) {
        bookable = (await bookState(second)).some((s) => s.twoPeopleBookable);
        if (bookable) await new Promise((r) => setTimeout(r, 250));
      }
      expect(bookable).toBe(false);
    } finally {
      await setSizes([2]);
    }
  });

  it('/book shows the month of the business’s today, rendered again when that day turns, and wakes on a touch with its modules named', async () => {
    const start = clock.now();
    try {
      // 2026-06-01 10:00 in Los Angeles: June, the 1st marked today, May's days before it.
      let body = await html(first, '/book');
      expect(body).toContain('data-today="2026-06-01"');
      expect(body).toContain('aria-label="June 2026"');
      expect(body).toContain('aria-label="Today, Monday, June 1, 2026"');
      expect(body).toContain('data-wake="touch"');
      const modules = /data-modules="([^"]*)"/.exec(body)![1].split(' ');
      expect(modules.length).toBeGreaterThan(5);
      for (const url of modules) {
        expect(url).toMatch(/^\/assets\/[\w.-]+\.js$/);
        expect((await first.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      }
      // 11:59 PM on June 30 in Los Angeles (06:59 UTC on July 1): still June 30.
      clock.set('2026-07-01T06:59:00Z');
      body = await html(first, '/book');
      expect(body).toContain('data-today="2026-06-30"');
      expect(body).toContain('aria-label="Today, Tuesday, June 30, 2026"');
      // Midnight there: the page is July's, with no content change behind it.
      clock.set('2026-07-01T07:00:00Z');
      body = await html(first, '/book');
      expect(body).toContain('data-today="2026-07-01"');
      expect(body).toContain('aria-label="July 2026"');
      expect(body).toContain('aria-label="Today, Wednesday, July 1, 2026"');
      // The other pages show no day, and wake as before.
      expect(await html(first, '/login')).not.toContain('data-today=');
    } finally {
      clock.set(start);
    }
  });

  it('a new testimonial shows on / and /testimonials', async () => {
    await first.db.transaction(async (tx) => {
      await tx.insert(testimonials).values({ name: 'Priya from Ocean Park', location: 'Santa Monica', comment: 'Two wardrobes and a bed frame, done before lunch.', rating: 4.5, serviceType: 'furniture-assembly' });
      await bumpVersions(tx, ['content'], new Date());
    });
    await expectOnEveryPage('Two wardrobes and a bed frame, done before lunch.', ['/testimonials', '/']);
  });

  it("visitors' API reads come from memory and follow a change on the second instance within 5 s", async () => {
    const read = async (url: string) => (await second.app.inject({ method: 'GET', url })).json();
    // Read once: the copies now kept in memory.
    expect((await read('/api/gallery')).length).toBeGreaterThan(0);
    const before = await read('/api/testimonials');
    await first.db.transaction(async (tx) => {
      await tx.insert(testimonials).values({ name: 'Marco in Mar Vista', location: 'Los Angeles', comment: 'The TV is level and the cables vanished into the wall.', rating: 5, serviceType: 'tv-mounting' });
      await bumpVersions(tx, ['content'], new Date());
    });
    const started = Date.now();
    let after = await read('/api/testimonials');
    while (after.length === before.length && Date.now() - started < 5_000) {
      await new Promise((r) => setTimeout(r, 200));
      after = await read('/api/testimonials');
    }
    expect(after.map((t: { content: string }) => t.content)).toContain('The TV is level and the cables vanished into the wall.');
    expect(Date.now() - started).toBeLessThan(5_000);

    // Without a version change, a write behind the cache's back is not seen: the reads are served from memory.
    await first.db.update(testimonials).set({ comment: 'Changed without a version bump.' }).where(eq(testimonials.name, 'Marco in Mar Vista'));
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await read('/api/testimonials')).map((t: { content: string }) => t.content)).not.toContain('Changed without a version bump.');
  });

  it('serves 304 to a browser that has the page, and the new page once it changed', async () => {
    const res = await first.app.inject({ method: 'GET', url: '/contact' });
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await first.app.inject({ method: 'GET', url: '/contact', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    await call(first.app, 'PATCH', '/api/admin/settings', { sid: ownerSid, body: { business: { email: 'jobs@venice-mount.example' } } });
    // Within the second the instance trusts its last read of the content version.
    let after = await first.app.inject({ method: 'GET', url: '/contact', headers: { 'if-none-match': etag } });
    for (let i = 0; i < 20 && after.statusCode === 304; i++) {
      await new Promise((r) => setTimeout(r, 250));
      after = await first.app.inject({ method: 'GET', url: '/contact', headers: { 'if-none-match': etag } });
    }
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('jobs@venice-mount.example');
  });
});

/** A text as React writes it into HTML. */
function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}
