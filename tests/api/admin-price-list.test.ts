import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceAddOns, priceItemAddOns, priceItems } from '../../src/server/db/schema';
import { seedDatabase } from '../../src/server/db/seed';
import { bumpVersions, readVersions } from '../../src/server/settings/repositories/settings';
import { sessionAs } from '../helpers/accounts';
import { createTestApp, injectJson, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';

/** Issue 22: the owner's price list API (/api/admin/price-items and /api/admin/price-add-ons). */
let t: TestApp;
const clock = createClock('2026-10-01T19:00:00.000Z');
let adminCookie: Record<string, string>;
let customerCookie: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  adminCookie = { cookie: (await sessionAs(t.db, 'admin')).cookie };
  customerCookie = { cookie: (await sessionAs(t.db, 'customer')).cookie };
});
afterAll(async () => t?.close());

const asAdmin = (method: string, url: string, body?: unknown) => injectJson(t.app, method, url, body, adminCookie);
const publicItems = async (serviceType: string) =>
  ((await injectJson(t.app, 'GET', '/api/price-list')).body as { serviceType: string; items: { id: number; name: string; priceCents: number; addOns: { id: number; name: string }[] }[] }[]).find(
    (s) => s.serviceType === serviceType,
  )?.items ?? [];
const contentMovedBy = async (change: () => Promise<unknown>) => {
  const before = (await readVersions(t.db)).content;
  await change();
  return (await readVersions(t.db)).content - before;
};
const NEW_ITEM = { serviceType: 'shelf-mounting', name: 'Coat rack', priceCents: 3900, minutes: 20 };

describe('who may call the price list routes', () => {
  it('answers 401 signed out and 403 to a customer, and changes nothing', async () => {
    const before = await t.db.select().from(priceItems);
    const [any] = before;
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/price-items'],
      ['POST', '/api/admin/price-items', NEW_ITEM],
      ['PATCH', `/api/admin/price-items/${any.id}`, { priceCents: 1 }],
      ['DELETE', `/api/admin/price-items/${any.id}`],
      ['GET', '/api/admin/price-add-ons'],
      ['POST', '/api/admin/price-add-ons', { name: 'Free', priceCents: 0 }],
      ['PATCH', '/api/admin/price-add-ons/1', { priceCents: 1 }],
      ['DELETE', '/api/admin/price-add-ons/1'],
    ];
    for (const [headers, status] of [[{}, 401], [customerCookie, 403]] as const) {
      for (const [method, url, body] of calls) expect({ method, url, status: (await injectJson(t.app, method, url, body, headers)).status }).toEqual({ method, url, status });
    }
    expect(await t.db.select().from(priceItems)).toEqual(before);
  });
});

describe('items', () => {
  it('lists every item, inactive ones too, by the services’ order and the owner’s order', async () => {
    const [dresser] = await t.db.select().from(priceItems).where(eq(priceItems.name, 'Dresser'));
    await t.db.update(priceItems).set({ active: false }).where(eq(priceItems.id, dresser.id));
    try {
      const res = await asAdmin('GET', '/api/admin/price-items');
      expect(res.status).toBe(200);
      expect([...new Set(res.body.map((i: { serviceType: string }) => i.serviceType))]).toEqual(['furniture-assembly', 'tv-mounting', 'shelf-mounting']);
      expect(res.body.find((i: { id: number }) => i.id === dresser.id)).toEqual({
        id: dresser.id,
        serviceType: 'furniture-assembly',
        name: 'Dresser',
        description: 'Up to six drawers.',
        priceCents: 12900,
        priceIsFrom: false,
        minutes: 90,
        twoPeople: false,
        maxQuantity: 4,
        sortOrder: 5,
        active: false,
        // No completed job has said how long a dresser really took (tests/api/actual-times.test.ts).
        averageActualMinutes: null,
        actualJobCount: 0,
      });
    } finally {
      await t.db.update(priceItems).set({ active: true }).where(eq(priceItems.id, dresser.id));
    }
  });

  it('adds an item at the end of its service with the defaults; visitors see it at once', async () => {
    let res!: Awaited<ReturnType<typeof asAdmin>>;
    expect(await contentMovedBy(async () => (res = await asAdmin('POST', '/api/admin/price-items', NEW_ITEM)))).toBe(1);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), ...NEW_ITEM, description: '', priceIsFrom: false, twoPeople: false, maxQuantity: 10, sortOrder: 5, active: true });
    const shelves = await publicItems('shelf-mounting');
    expect(shelves.at(-1)).toMatchObject({ id: res.body.id, name: 'Coat rack', priceCents: 3900, addOns: [] });
    // And it can be quoted.
    expect((await injectJson(t.app, 'POST', '/api/quote', { serviceType: 'shelf-mounting', items: [{ id: res.body.id, quantity: 2 }] })).body).toMatchObject({ totalCents: 7800, minutes: 40 });
  });

  it('edits an item partly; the price list and the quote follow', async () => {
    const [bed] = await t.db.select().from(priceItems).where(eq(priceItems.name, 'Bed frame'));
    const res = await asAdmin('PATCH', `/api/admin/price-items/${bed.id}`, { priceCents: 10900, twoPeople: true, name: '  Bed frame (any size)  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: bed.id, name: 'Bed frame (any size)', priceCents: 10900, twoPeople: true, minutes: 75, serviceType: 'furniture-assembly' });
    expect((await publicItems('furniture-assembly')).find((i) => i.id === bed.id)).toMatchObject({ name: 'Bed frame (any size)', priceCents: 10900 });
    expect((await injectJson(t.app, 'POST', '/api/quote', { serviceType: 'furniture-assembly', items: [{ id: bed.id, quantity: 1 }] })).body).toMatchObject({ totalCents: 10900, twoPeople: true });

    // Taken off the list: gone for visitors, refused by name in a quote, still the owner's.
    expect((await asAdmin('PATCH', `/api/admin/price-items/${bed.id}`, { active: false })).body.active).toBe(false);
    expect((await publicItems('furniture-assembly')).map((i) => i.id)).not.toContain(bed.id);
    expect((await injectJson(t.app, 'POST', '/api/quote', { serviceType: 'furniture-assembly', items: [{ id: bed.id, quantity: 1 }] })).body.message).toBe('“Bed frame (any size)” is no longer offered.');
    await asAdmin('PATCH', `/api/admin/price-items/${bed.id}`, { active: true, name: 'Bed frame', priceCents: 9900, twoPeople: false });
  });

  it('deletes an item with its add-on links', async () => {
    const created = (await asAdmin('POST', '/api/admin/price-items', { ...NEW_ITEM, name: 'Towel bar' })).body;
    const addOn = (await asAdmin('POST', '/api/admin/price-add-ons', { name: 'Tile drilling', priceCents: 1000, itemIds: [created.id] })).body;
    expect(await contentMovedBy(async () => expect((await asAdmin('DELETE', `/api/admin/price-items/${created.id}`)).body).toEqual({ message: 'Price list item deleted.' }))).toBe(1);
    expect((await publicItems('shelf-mounting')).map((i) => i.id)).not.toContain(created.id);
    expect((await asAdmin('GET', '/api/admin/price-add-ons')).body.find((a: { id: number }) => a.id === addOn.id).itemIds).toEqual([]);
    const again = await asAdmin('DELETE', `/api/admin/price-items/${created.id}`);
    expect(again).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', message: 'Price list item not found.' } });
    expect((await asAdmin('PATCH', `/api/admin/price-items/${created.id}`, { priceCents: 1 })).status).toBe(404);
  });

  it('refuses bad input with a field message, and an unknown service', async () => {
    const cases: [string, string, unknown, Record<string, string>][] = [
      ['POST', '/api/admin/price-items', { ...NEW_ITEM, serviceType: 'boat-building' }, { serviceType: 'Choose one of the services' }],
      ['POST', '/api/admin/price-items', { ...NEW_ITEM, name: ' ' }, { name: 'Name is required' }],
      ['POST', '/api/admin/price-items', { ...NEW_ITEM, priceCents: 12.5 }, { priceCents: 'Price must be a whole number of cents from 0 to 10000000' }],
      ['POST', '/api/admin/price-items', { ...NEW_ITEM, minutes: 7 }, { minutes: 'Minutes must be 5 to 600 in steps of 5' }],
      ['POST', '/api/admin/price-items', { ...NEW_ITEM, maxQuantity: 0 }, { maxQuantity: 'Maximum quantity must be a whole number from 1 to 99' }],
      ['POST', '/api/admin/price-items', { ...NEW_ITEM, twoPeople: 'yes' }, { twoPeople: 'Two people must be true or false' }],
      ['POST', '/api/admin/price-items', { ...NEW_ITEM, description: 'x'.repeat(301) }, { description: 'Description is too long (300 characters at most)' }],
      ['PATCH', '/api/admin/price-items/1', {}, { _: 'Send at least one field to change' }],
      ['PATCH', '/api/admin/price-items/1', { minutes: 601 }, { minutes: 'Minutes must be 5 to 600 in steps of 5' }],
    ];
    for (const [method, url, body, errors] of cases) {
      const res = await asAdmin(method, url, body);
      expect({ body, status: res.status, code: res.body.code, errors: res.body.errors }).toEqual({ body, status: 400, code: 'VALIDATION_ERROR', errors });
    }
    // An item stays with its service.
    const moved = await asAdmin('PATCH', '/api/admin/price-items/1', { serviceType: 'tv-mounting' });
    expect(moved.status).toBe(400);
  });
});

describe('add-ons', () => {
  const itemId = async (name: string) => (await t.db.select().from(priceItems).where(eq(priceItems.name, name)))[0].id;

  it('lists every add-on with the items it goes with', async () => {
    const res = await asAdmin('GET', '/api/admin/price-add-ons');
    expect(res.status).toBe(200);
    const wires = res.body.find((a: { name: string }) => a.name === 'Hide the wires in the wall');
    expect(wires).toEqual({ id: expect.any(Number), name: 'Hide the wires in the wall', priceCents: 9900, minutes: 45, sortOrder: 0, itemIds: expect.any(Array) });
    const tvIds = (await t.db.select().from(priceItems).where(eq(priceItems.serviceType, 'tv-mounting'))).map((i) => i.id).sort((a, b) => a - b);
    expect(wires.itemIds).toEqual(tvIds);
  });

  it('adds one for some items; visitors see it on those items only, and it is quoted per unit', async () => {
    const [desk, chair] = [await itemId('Desk'), await itemId('Chair or stool')];
    let res!: Awaited<ReturnType<typeof asAdmin>>;
    expect(await contentMovedBy(async () => (res = await asAdmin('POST', '/api/admin/price-add-ons', { name: 'Cable tray', priceCents: 2500, minutes: 15, itemIds: [desk] })))).toBe(1);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), name: 'Cable tray', priceCents: 2500, minutes: 15, sortOrder: expect.any(Number), itemIds: [desk] });
    // Without an order it goes last.
    expect((await asAdmin('GET', '/api/admin/price-add-ons')).body.at(-1).id).toBe(res.body.id);
    const items = await publicItems('furniture-assembly');
    expect(items.find((i) => i.id === desk)!.addOns.at(-1)).toEqual({ id: res.body.id, name: 'Cable tray', priceCents: 2500, minutes: 15 });
    expect(items.find((i) => i.id === chair)!.addOns.map((a) => a.name)).not.toContain('Cable tray');
    const quoted = await injectJson(t.app, 'POST', '/api/quote', { serviceType: 'furniture-assembly', items: [{ id: desk, quantity: 2, addOns: [res.body.id] }] });
    expect(quoted.body).toMatchObject({ totalCents: 2 * 8900 + 2 * 2500, minutes: 2 * 60 + 2 * 15 });

    // Its items replaced whole; then it goes with the chair, not the desk.
    const edited = await asAdmin('PATCH', `/api/admin/price-add-ons/${res.body.id}`, { itemIds: [chair], priceCents: 2000 });
    expect(edited.body).toMatchObject({ itemIds: [chair], priceCents: 2000, minutes: 15 });
    const after = await publicItems('furniture-assembly');
    expect(after.find((i) => i.id === desk)!.addOns.map((a) => a.name)).not.toContain('Cable tray');
    expect(after.find((i) => i.id === chair)!.addOns.map((a) => a.name)).toContain('Cable tray');

    expect((await asAdmin('DELETE', `/api/admin/price-add-ons/${res.body.id}`)).body).toEqual({ message: 'Add-on deleted.' });
    expect((await publicItems('furniture-assembly')).find((i) => i.id === chair)!.addOns.map((a) => a.name)).not.toContain('Cable tray');
    expect(await t.db.select().from(priceItemAddOns).where(eq(priceItemAddOns.addOnId, res.body.id))).toEqual([]);
    expect(await asAdmin('DELETE', `/api/admin/price-add-ons/${res.body.id}`)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', message: 'Add-on not found.' } });
    expect((await asAdmin('PATCH', `/api/admin/price-add-ons/${res.body.id}`, { name: 'Gone' })).status).toBe(404);
  });

  it('edits of an add-on’s items and a delete of one of them at once: each answers, one edit wins whole (a real race: runs on the embedded server and again on the PostgreSQL server)', async () => {
    const ids = (await t.db.select({ id: priceItems.id }).from(priceItems).where(eq(priceItems.serviceType, 'furniture-assembly'))).map((r) => r.id).sort((a, b) => a - b);
    const addOn = (await asAdmin('POST', '/api/admin/price-add-ons', { name: 'Race', priceCents: 100, itemIds: ids.slice(0, 2) })).body;
    const lists = [ids.slice(0, 3), ids.slice(3, 6), ids.slice(6, 9), ids.slice(1, 4)];
    const answers = await Promise.all([...lists.map((itemIds) => asAdmin('PATCH', `/api/admin/price-add-ons/${addOn.id}`, { itemIds })), asAdmin('DELETE', `/api/admin/price-items/${ids[2]}`)]);
    // An edit naming the deleted item is refused when the delete came first (400), never a 500.
    expect(answers.at(-1)!.status).toBe(200);
    lists.forEach((itemIds, i) => expect(itemIds.includes(ids[2]) ? [200, 400] : [200]).toContain(answers[i].status));
    const stored = (await t.db.select().from(priceItemAddOns).where(eq(priceItemAddOns.addOnId, addOn.id))).map((l) => l.itemId).sort((a, b) => a - b);
    const winners = lists.filter((_, i) => answers[i].status === 200).map((l) => l.filter((id) => id !== ids[2]));
    expect(winners).toContainEqual(stored);
    await asAdmin('DELETE', `/api/admin/price-add-ons/${addOn.id}`);
  });

  it('refuses items that are not on the list, and bad input, changing nothing', async () => {
    const before = await t.db.select().from(priceAddOns);
    const [first] = before;
    const cases: [string, string, unknown, string, Record<string, string>][] = [
      ['POST', '/api/admin/price-add-ons', { name: 'Ghost', priceCents: 100, itemIds: [999999] }, 'Item 999999 is not on the price list.', { itemIds: 'Item 999999 is not on the price list.' }],
      ['PATCH', `/api/admin/price-add-ons/${first.id}`, { itemIds: [999999] }, 'Item 999999 is not on the price list.', { itemIds: 'Item 999999 is not on the price list.' }],
      ['POST', '/api/admin/price-add-ons', { name: 'Twice', priceCents: 100, itemIds: [1, 1] }, 'List the items it goes with by id, each once', { itemIds: 'List the items it goes with by id, each once' }],
      ['POST', '/api/admin/price-add-ons', { name: 'Slow', priceCents: 100, minutes: 241 }, 'Minutes must be 0 to 240 in steps of 5', { minutes: 'Minutes must be 0 to 240 in steps of 5' }],
      ['POST', '/api/admin/price-add-ons', { priceCents: 100 }, 'Name is required', { name: 'Name is required' }],
      ['PATCH', `/api/admin/price-add-ons/${first.id}`, { priceCents: -1 }, 'Price must be a whole number of cents from 0 to 10000000', { priceCents: 'Price must be a whole number of cents from 0 to 10000000' }],
    ];
    for (const [method, url, body, message, errors] of cases) {
      const res = await asAdmin(method, url, body);
      expect({ body, status: res.status, res: res.body }).toEqual({ body, status: 400, res: { code: 'VALIDATION_ERROR', message, errors } });
    }
    expect(await t.db.select().from(priceAddOns)).toEqual(before);
  });
});

describe('the first price list', () => {
  it('is seeded once: a list the owner emptied stays empty after a restart', async () => {
    const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(priceItems))[0].n;
    expect(await count()).toBeGreaterThan(20);
    await seedDatabase(t.db);
    const seeded = await count();
    await t.db.delete(priceItems);
    await t.db.delete(priceAddOns);
    await seedDatabase(t.db);
    expect(await count()).toBe(0);
    expect(seeded).toBeGreaterThan(20);
    // With no items, every service is booked as a whole, as before the price list.
    await bumpVersions(t.db, ['content'], clock.now());
    expect((await injectJson(t.app, 'GET', '/api/price-list')).body.map((s: { items: unknown[] }) => s.items)).toEqual([[], [], [], []]);
  });
});
