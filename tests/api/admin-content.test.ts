import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services, testimonials } from '../../src/server/db/schema';
import { readVersions } from '../../src/server/settings/repositories/settings';
import { ORDER_IDS_MESSAGE, PRICE_MESSAGE, RATING_MESSAGE, SERVICE_DURATION_MESSAGE, SORT_ORDER_MESSAGE } from '../../src/shared/schemas/admin-content';
import { sessionAs } from '../helpers/accounts';
import { createTestApp, injectJson, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';

let t: TestApp;
// 2026-10-01 12:00 in Los Angeles (PDT).
const clock = createClock('2026-10-01T19:00:00.000Z');
let adminCookie: Record<string, string>;
let customerCookie: Record<string, string>;

const signIn = async (role: 'admin' | 'customer') => ({ cookie: (await sessionAs(t.db, role)).cookie });

beforeAll(async () => {
  t = await createTestApp({ clock });
  adminCookie = await signIn('admin');
  customerCookie = await signIn('customer');
});
afterAll(async () => t?.close());

const asAdmin = (method: string, url: string, body?: unknown) => injectJson(t.app, method, url, body, adminCookie);
const pub = (url: string) => injectJson(t.app, 'GET', url);

/** Runs `change` and returns how much each version moved. */
async function versionsMovedBy(change: () => Promise<unknown>) {
  const before = await readVersions(t.db);
  await change();
  const after = await readVersions(t.db);
  return { content: after.content - before.content, schedule: after.schedule - before.schedule };
}

describe('who may call the content routes', () => {
  it('answers 401 signed out and 403 to a customer, and changes nothing', async () => {
    const [shelf] = await t.db.select().from(services).where(eq(services.slug, 'shelf-mounting'));
    const body = { name: 'Hacked', description: 'Nothing to see here at all.', price: 1, durationMinutes: 30, active: false, sortOrder: 0 };
    for (const headers of [{}, customerCookie]) {
      const res = await injectJson(t.app, 'PUT', `/api/admin/services/${shelf.id}`, body, headers);
      expect([401, 403]).toContain(res.status);
      expect((await injectJson(t.app, 'GET', '/api/admin/testimonials', undefined, headers)).status).toBe(res.status);
      expect((await injectJson(t.app, 'PUT', '/api/admin/gallery/order', { ids: [1] }, headers)).status).toBe(res.status);
    }
    const [after] = await t.db.select().from(services).where(eq(services.id, shelf.id));
    expect(after).toEqual(shelf);
  });
});

describe('services', () => {
  const edit = (s: { id: number; name: string; description: string; price: number; durationMinutes: number; active: boolean; sortOrder: number }, change: Record<string, unknown>) =>
    asAdmin('PUT', `/api/admin/services/${s.id}`, { name: s.name, description: s.description, price: s.price, durationMinutes: s.durationMinutes, active: s.active, sortOrder: s.sortOrder, ...change });

  it('lists every service with active and sortOrder, in order', async () => {
    const res = await asAdmin('GET', '/api/admin/services');
    expect(res.status).toBe(200);
    expect(res.body.map((s: { slug: string }) => s.slug)).toEqual(['furniture-assembly', 'tv-mounting', 'shelf-mounting', 'custom-project']);
    expect(Object.keys(res.body[0]).sort()).toEqual(['active', 'category', 'description', 'durationMinutes', 'id', 'name', 'price', 'slug', 'sortOrder']);
    // Cents, as GET /api/services serves them.
    expect(res.body[0]).toMatchObject({ slug: 'furniture-assembly', price: 8900, durationMinutes: 120, active: true });
    expect((await pub('/api/services')).body[0].price).toBe(8900);
  });

  it('edits a service; the public list, /book and the versions follow; the slug stays', async () => {
    const list = (await asAdmin('GET', '/api/admin/services')).body;
    const tv = list.find((s: { slug: string }) => s.slug === 'tv-mounting');

    const moved = await versionsMovedBy(async () => {
      const res = await edit(tv, { name: 'TV & Art Mounting', description: 'TVs and art hung level into studs or brick.', price: 13900, slug: 'renamed' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: tv.id, slug: 'tv-mounting', name: 'TV & Art Mounting', price: 13900, durationMinutes: 90, active: true });
    });
    // Name and price are what the pages say; the offered starts do not change.
    expect(moved).toEqual({ content: 1, schedule: 0 });
    expect((await pub('/api/services')).body.find((s: { slug: string }) => s.slug === 'tv-mounting')).toMatchObject({ name: 'TV & Art Mounting', price: 13900 });

    expect(await versionsMovedBy(() => edit(tv, { durationMinutes: 150 }))).toEqual({ content: 1, schedule: 1 });
    expect((await pub('/api/services')).body.find((s: { slug: string }) => s.slug === 'tv-mounting').durationMinutes).toBe(150);

    // Inactive: gone from the public list and from booking, still listed here.
    expect(await versionsMovedBy(() => edit(tv, { active: false }))).toEqual({ content: 1, schedule: 1 });
    expect((await pub('/api/services')).body.map((s: { slug: string }) => s.slug)).toEqual(['furniture-assembly', 'shelf-mounting', 'custom-project']);
    expect((await asAdmin('GET', '/api/admin/services')).body.find((s: { id: number }) => s.id === tv.id).active).toBe(false);
    const slots = await pub('/api/time-slots?date=2026-10-07&serviceType=tv-mounting');
    expect(slots.status).toBe(400);
    expect(slots.body.errors).toEqual({ serviceType: 'Please select a service type' });

    await edit(tv, {});
    const [row] = await t.db.select().from(services).where(eq(services.id, tv.id));
    expect(row).toMatchObject({ slug: 'tv-mounting', name: tv.name, price: tv.price, durationMinutes: tv.durationMinutes, active: true });
  });

  it("the job length changes /book's offered starts", async () => {
    const shelf = (await asAdmin('GET', '/api/admin/services')).body.find((s: { slug: string }) => s.slug === 'shelf-mounting');
    // Wednesday 2026-10-07, open 8 AM to 6 PM.
    const starts = async () => (await pub('/api/time-slots?date=2026-10-07&serviceType=shelf-mounting')).body.map((s: { slotTime: string }) => s.slotTime);
    expect(await starts()).toContain('5:00 PM');
    await edit(shelf, { durationMinutes: 180 });
    try {
      const after = await starts();
      expect(after).toContain('3:00 PM');
      expect(after).not.toContain('4:00 PM');
      expect(after).not.toContain('5:00 PM');
    } finally {
      await edit(shelf, {});
    }
    expect(await starts()).toContain('5:00 PM');
  });

  it.each([
    [{ name: '' }, 'name', 'Name must be at least 2 characters'],
    [{ name: 'x'.repeat(81) }, 'name', 'Name is too long (80 characters at most)'],
    [{ description: 'short' }, 'description', 'Description must be at least 10 characters'],
    [{ price: 89.5 }, 'price', PRICE_MESSAGE],
    [{ price: -1 }, 'price', PRICE_MESSAGE],
    [{ price: '8900' }, 'price', PRICE_MESSAGE],
    [{ durationMinutes: 20 }, 'durationMinutes', SERVICE_DURATION_MESSAGE],
    [{ durationMinutes: 605 }, 'durationMinutes', SERVICE_DURATION_MESSAGE],
    [{ durationMinutes: 70 }, 'durationMinutes', SERVICE_DURATION_MESSAGE],
    [{ active: 'yes' }, 'active', 'Active must be true or false'],
    [{ sortOrder: -1 }, 'sortOrder', SORT_ORDER_MESSAGE],
  ])('refuses %j with its field message', async (change, field, message) => {
    const furniture = (await asAdmin('GET', '/api/admin/services')).body[0];
    const res = await edit(furniture, change);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message, errors: { [field]: message } });
  });

  it('gives each bad field its own message at once', async () => {
    const furniture = (await asAdmin('GET', '/api/admin/services')).body[0];
    const res = await edit(furniture, { name: '', price: -5, durationMinutes: 45.5 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ name: 'Name must be at least 2 characters', price: PRICE_MESSAGE, durationMinutes: SERVICE_DURATION_MESSAGE });
  });

  it('answers 404 for an unknown service', async () => {
    const furniture = (await asAdmin('GET', '/api/admin/services')).body[0];
    const res = await edit({ ...furniture, id: 999_999 }, {});
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'Service not found.' });
  });

  it('reorders the services; the public list follows', async () => {
    const list = (await asAdmin('GET', '/api/admin/services')).body as { id: number; slug: string }[];
    const reversed = [...list].reverse().map((s) => s.id);
    const moved = await versionsMovedBy(async () => {
      const res = await asAdmin('PUT', '/api/admin/services/order', { ids: reversed });
      expect(res.status).toBe(200);
      expect(res.body.map((s: { id: number }) => s.id)).toEqual(reversed);
    });
    expect(moved).toEqual({ content: 1, schedule: 0 });
    expect((await pub('/api/services')).body.map((s: { slug: string }) => s.slug)).toEqual(['custom-project', 'shelf-mounting', 'tv-mounting', 'furniture-assembly']);
    await asAdmin('PUT', '/api/admin/services/order', { ids: list.map((s) => s.id) });
    expect((await pub('/api/services')).body.map((s: { slug: string }) => s.slug)).toEqual(list.map((s) => s.slug));
  });
});

describe('testimonials', () => {
  const review = { name: 'Dana K.', location: 'Ocean Park', content: 'Two wardrobes built and anchored in an afternoon. Spotless.', rating: 4.5, serviceType: 'furniture-assembly', visible: true };

  it('lists every testimonial for the owner, with visible and sortOrder', async () => {
    const res = await asAdmin('GET', '/api/admin/testimonials');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(Object.keys(res.body[0]).sort()).toEqual(['content', 'createdAt', 'id', 'location', 'name', 'rating', 'serviceType', 'sortOrder', 'visible']);
  });

  it('adds, edits, hides and deletes a testimonial; the public list follows', async () => {
    let id = 0;
    expect(
      await versionsMovedBy(async () => {
        const res = await asAdmin('POST', '/api/admin/testimonials', review);
        expect(res.status).toBe(201);
        expect(res.body).toMatchObject({ ...review, createdAt: '2026-10-01T19:00:00.000Z' });
        id = res.body.id;
      }),
    ).toEqual({ content: 1, schedule: 0 });
    // A new one goes after the others.
    const publicList = (await pub('/api/testimonials')).body;
    expect(publicList.at(-1)).toMatchObject({ id, name: 'Dana K.', content: review.content, comment: review.content, rating: 4.5 });

    const edited = await asAdmin('PUT', `/api/admin/testimonials/${id}`, { ...review, rating: 5, content: 'Two wardrobes and a bed, built and anchored.', sortOrder: 0 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id, rating: 5, content: 'Two wardrobes and a bed, built and anchored.', sortOrder: 0 });

    expect(await versionsMovedBy(() => asAdmin('PUT', `/api/admin/testimonials/${id}`, { ...review, visible: false }))).toEqual({ content: 1, schedule: 0 });
    expect((await pub('/api/testimonials')).body.some((r: { id: number }) => r.id === id)).toBe(false);
    expect((await asAdmin('GET', '/api/admin/testimonials')).body.find((r: { id: number }) => r.id === id)).toMatchObject({ visible: false });

    expect(
      await versionsMovedBy(async () => {
        const res = await asAdmin('DELETE', `/api/admin/testimonials/${id}`);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ message: 'Testimonial deleted.' });
      }),
    ).toEqual({ content: 1, schedule: 0 });
    expect((await t.db.select().from(testimonials).where(eq(testimonials.id, id))).length).toBe(0);
    expect(await asAdmin('DELETE', `/api/admin/testimonials/${id}`)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', message: 'Testimonial not found.' } });
    expect((await asAdmin('PUT', `/api/admin/testimonials/${id}`, review)).status).toBe(404);
  });

  it('lists the public ones in the owner order, then newest first', async () => {
    const first = (await asAdmin('POST', '/api/admin/testimonials', { ...review, name: 'Older Review', sortOrder: 0 })).body;
    clock.set('2026-10-02T19:00:00.000Z');
    const second = (await asAdmin('POST', '/api/admin/testimonials', { ...review, name: 'Newer Review', sortOrder: 0 })).body;
    clock.set('2026-10-01T19:00:00.000Z');
    const ids = (await pub('/api/testimonials')).body.map((r: { id: number }) => r.id);
    // Same place: the newer first; both ahead of the seeded ones placed after them below.
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));

    const all = (await asAdmin('GET', '/api/admin/testimonials')).body.map((r: { id: number }) => r.id) as number[];
    const order = [first.id, ...all.filter((x) => x !== first.id)];
    const res = await asAdmin('PUT', '/api/admin/testimonials/order', { ids: order });
    expect(res.status).toBe(200);
    expect(res.body.map((r: { id: number }) => r.id)).toEqual(order);
    expect((await pub('/api/testimonials')).body.map((r: { id: number }) => r.id)).toEqual(order);
    await asAdmin('DELETE', `/api/admin/testimonials/${first.id}`);
    await asAdmin('DELETE', `/api/admin/testimonials/${second.id}`);
  });

  it.each([
    [{ name: 'D' }, 'name', 'Name must be at least 2 characters'],
    [{ location: '' }, 'location', 'Location must be at least 2 characters'],
    [{ content: 'Great!' }, 'content', 'Testimonial must be at least 10 characters'],
    [{ content: 'x'.repeat(1001) }, 'content', 'Testimonial is too long (1000 characters at most)'],
    [{ rating: 4.3 }, 'rating', RATING_MESSAGE],
    [{ rating: 0.5 }, 'rating', RATING_MESSAGE],
    [{ rating: 5.5 }, 'rating', RATING_MESSAGE],
    [{ rating: '5' }, 'rating', RATING_MESSAGE],
    [{ serviceType: '' }, 'serviceType', 'Choose a service'],
    [{ serviceType: 'boat-repair' }, 'serviceType', 'Choose one of the services'],
    [{ visible: null }, 'visible', 'Visible must be true or false'],
    [{ sortOrder: 1.5 }, 'sortOrder', SORT_ORDER_MESSAGE],
  ])('refuses %j with its field message', async (change, field, message) => {
    const before = (await asAdmin('GET', '/api/admin/testimonials')).body.length;
    const res = await asAdmin('POST', '/api/admin/testimonials', { ...review, ...change });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message, errors: { [field]: message } });
    expect((await asAdmin('GET', '/api/admin/testimonials')).body.length).toBe(before);
  });

  it('gives each bad field its own message at once', async () => {
    const res = await asAdmin('POST', '/api/admin/testimonials', { ...review, name: '', rating: 6, content: 'ok' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ name: 'Name must be at least 2 characters', content: 'Testimonial must be at least 10 characters', rating: RATING_MESSAGE });
  });
});

describe('gallery order', () => {
  it('puts the gallery in the given order; the public gallery follows; a new item goes last', async () => {
    const ids = (await asAdmin('GET', '/api/admin/gallery')).body.map((g: { id: number }) => g.id) as number[];
    const order = [ids[2], ids[0], ...ids.filter((_, i) => i !== 0 && i !== 2)];
    const moved = await versionsMovedBy(async () => {
      const res = await asAdmin('PUT', '/api/admin/gallery/order', { ids: order });
      expect(res.status).toBe(200);
      expect(res.body.map((g: { id: number }) => g.id)).toEqual(order);
    });
    expect(moved).toEqual({ content: 1, schedule: 0 });
    expect((await pub('/api/gallery')).body.map((g: { id: number }) => g.id)).toEqual(order);
    const category = (await pub('/api/gallery')).body[0].category;
    expect((await pub(`/api/gallery?category=${category}`)).body[0].id).toBe(order[0]);

    const added = await asAdmin('POST', '/api/admin/gallery', { title: 'Walnut Bookcase', description: 'A tall walnut bookcase.', category: 'furniture-assembly', imageUrl: '/images/gallery/bed.svg' });
    expect((await pub('/api/gallery')).body.map((g: { id: number }) => g.id)).toEqual([...order, added.body.id]);
    await asAdmin('DELETE', `/api/admin/gallery/${added.body.id}`);
  });

  it('refuses a list that misses, repeats or invents items', async () => {
    const ids = (await asAdmin('GET', '/api/admin/gallery')).body.map((g: { id: number }) => g.id) as number[];
    const stale = { code: 'CONFLICT', message: 'The list changed since it was loaded. Reload the page and try again.' };
    expect(await asAdmin('PUT', '/api/admin/gallery/order', { ids: ids.slice(1) })).toMatchObject({ status: 409, body: stale });
    expect(await asAdmin('PUT', '/api/admin/gallery/order', { ids: [...ids.slice(1), 999_999] })).toMatchObject({ status: 409, body: stale });
    for (const body of [{ ids: [...ids, ids[0]] }, { ids: [] }, { ids: ['a'] }, {}]) {
      const res = await asAdmin('PUT', '/api/admin/gallery/order', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: ORDER_IDS_MESSAGE });
    }
  });

  it('bumps the content version when a gallery item changes', async () => {
    const item = { title: 'Walnut Bookcase', description: 'A tall walnut bookcase.', category: 'furniture-assembly', imageUrl: '/images/gallery/bed.svg' };
    let id = 0;
    expect(await versionsMovedBy(async () => (id = (await asAdmin('POST', '/api/admin/gallery', item)).body.id))).toEqual({ content: 1, schedule: 0 });
    expect(await versionsMovedBy(() => asAdmin('PUT', `/api/admin/gallery/${id}`, { ...item, title: 'Oak Bookcase' }))).toEqual({ content: 1, schedule: 0 });
    expect(await versionsMovedBy(() => asAdmin('DELETE', `/api/admin/gallery/${id}`))).toEqual({ content: 1, schedule: 0 });
  });
});
