import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpVersions } from '../../src/server/settings/repositories/settings';
import { bookings, reviews } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { ensureTestBuild } from '../helpers/build';
import { createClock } from '../helpers/clock';

/** The pages the server renders with the reviews: /testimonials' stats and cards, and the /review/{token} shell. */
let t: TestApp;
const clock = createClock('2027-04-02T19:00:00.000Z');

beforeAll(async () => {
  const clientDir = join(await ensureTestBuild(), 'client');
  t = await createTestApp({ clock, clientDir });
}, 180_000);
afterAll(async () => t?.close());

/** The raw HTML of a page, as a client without JavaScript gets it. */
async function html(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.body, headers: res.headers };
}


/** Published reviews straight in the database, as the owner's publishing leaves them, then the content version moved. */
let made = 0;
async function publish(ratings: number[]) {
  await t.db.transaction(async (tx) => {
    for (const rating of ratings) {
      const i = made++;
      const [b] = await tx
        .insert(bookings)
        .values({
          serviceType: 'furniture-assembly',
          // One job a day in March 2027, 9:00 AM (PDT).
          bookingDate: `2027-03-${String(10 + i).padStart(2, '0')}`,
          bookingTime: '9:00 AM',
          startsAt: new Date(Date.UTC(2027, 2, 10 + i, 16)),
          fullName: `Reviewer Number${i}`,
          email: `reviewer-${i}@example.com`,
          phone: '310-555-0100',
          address: '1450 Ocean Ave, Santa Monica, CA 90401',
          status: 'completed',
        })
        .returning();
      await tx.insert(reviews).values({
        bookingId: b.id,
        tokenHash: randomBytes(32).toString('hex'),
        status: 'published',
        rating,
        comment: `Review number ${i}: careful, quick and friendly work.`,
        displayName: `Reviewer N${i}.`,
        requestedAt: clock.now(),
        submittedAt: clock.now(),
        publishedAt: new Date(clock.now().getTime() + i * 1000),
      });
    }
    await bumpVersions(tx, ['content'], clock.now());
  });
}

/** Polls /testimonials until its HTML contains `text` (the page is re-rendered within about a second of a change). */
async function testimonialsPageWith(text: string) {
  const started = Date.now();
  for (;;) {
    const page = await html('/testimonials');
    if (page.body.includes(text) || Date.now() - started > 5_000) return page;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The page's markup without its islands' props (data, not what the page shows). */
const shown = (body: string) => body.replace(/ data-props="[^"]*"/g, '');

describe('/testimonials from the published reviews', () => {
  it("shows the spec's figures below 5 published reviews, then the reviews' average and count, in the raw HTML", async () => {
    const before = await html('/testimonials');
    expect(shown(before.body)).not.toContain('Verified Reviews');
    expect(shown(before.body)).toContain('4.9');
    expect(shown(before.body)).toContain('98%');
    expect(before.body).not.toContain('Verified customer');

    await publish([5, 4, 5, 4]);
    const four = await testimonialsPageWith('Review number 3');
    expect(four.body).toContain('Verified customer');
    expect(four.body).toContain('Furniture Assembly, March 2027');
    expect(shown(four.body)).not.toContain('Verified Reviews');
    expect(shown(four.body)).toContain('98%');

    await publish([5]);
    const five = await testimonialsPageWith('Verified Reviews');
    expect(five.body).toMatch(/>4\.6<\/dd>/);
    expect(five.body).toMatch(/>5<\/dd>/);
    expect(five.body).toContain('Verified Reviews');
    expect(shown(five.body)).not.toContain('98%');
  });
});

describe('/review/{token}', () => {
  it('answers with the app shell, kept out of search engines; other paths under /review are 404', async () => {
    const page = await html(`/review/${randomBytes(32).toString('base64url')}`);
    expect(page.status).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.body).toContain('<div id="root"');
    expect((await html('/review/a/b')).status).toBe(404);
    expect((await html('/review')).status).toBe(404);
    expect((await html('/robots.txt')).body).toContain('Disallow: /review/');
  });
});
