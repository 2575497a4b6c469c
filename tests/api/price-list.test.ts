import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceItems, services } from '../../src/server/db/schema';
import { bumpVersions } from '../../src/server/settings/repositories/settings';
import { sessionAs } from '../helpers/accounts';
import { createTestApp, injectJson, type TestApp } from '../helpers/app';
import { createClock } from '../helpers/clock';

/** Issue 22: the price list visitors read (from memory) and the instant quote computed from it. */
let t: TestApp;
const clock = createClock('2026-10-01T19:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => t?.close());

type Item = { id: number; name: string; priceCents: number; minutes: number; twoPeople: boolean; maxQuantity: number; addOns: { id: number; name: string; priceCents: number; minutes: number }[] };
const priceList = async () => (await injectJson(t.app, 'GET', '/api/price-list')).body as { serviceType: string; items: Item[]; twoPeopleBookable: boolean }[];
const itemsOf = async (serviceType: string) => (await priceList()).find((s) => s.serviceType === serviceType)!.items;
const item = async (serviceType: string, name: string) => (await itemsOf(serviceType)).find((i) => i.name === name)!;
const quote = (body: unknown) => injectJson(t.app, 'POST', '/api/quote', body);

describe('GET /api/price-list', () => {
  it('lists every offered service in order with its items, their add-ons, and none for a custom project', async () => {
    const res = await injectJson(t.app, 'GET', '/api/price-list');
    expect(res.status).toBe(200);
    expect(res.body.map((s: { serviceType: string }) => s.serviceType)).toEqual(['furniture-assembly', 'tv-mounting', 'shelf-mounting', 'custom-project']);
    expect(res.body[3]).toEqual({ serviceType: 'custom-project', items: [], twoPeopleBookable: true });
    const tvs = res.body[1].items as Item[];
    expect(tvs.map((i) => i.name)).toEqual(['TV up to 42 inches', 'TV 43 to 64 inches', 'TV 65 to 75 inches', 'TV 76 inches or larger']);
    expect(tvs[2]).toEqual({
      id: expect.any(Number),
      name: 'TV 65 to 75 inches',
      description: 'Two installers (the second is $40 of the price).',
      priceCents: 18900,
      priceIsFrom: false,
      minutes: 90,
      twoPeople: true,
      maxQuantity: 3,
      addOns: [
        { id: expect.any(Number), name: 'Hide the wires in the wall', priceCents: 9900, minutes: 45 },
        { id: expect.any(Number), name: 'Brick, stone or tile wall', priceCents: 4900, minutes: 30 },
        { id: expect.any(Number), name: 'Above a fireplace', priceCents: 5900, minutes: 30 },
        { id: expect.any(Number), name: 'Mount a soundbar', priceCents: 4900, minutes: 20 },
      ],
    });
    const furniture = res.body[0].items as Item[];
    expect(furniture.find((i) => i.name === 'Storage bed')).toMatchObject({ priceIsFrom: true, twoPeople: true, minutes: 180 });
    expect(furniture.find((i) => i.name === 'Dresser')).toMatchObject({ priceCents: 12900, minutes: 90, twoPeople: false });
  });

  it('is served from memory until the content version changes, with an ETag', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/price-list' });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url: '/api/price-list', headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    // A row changed behind the app's back is not read until something bumps the version.
    const dresser = await item('furniture-assembly', 'Dresser');
    await t.db.update(priceItems).set({ priceCents: 13900 }).where(eq(priceItems.id, dresser.id));
    try {
      expect((await item('furniture-assembly', 'Dresser')).priceCents).toBe(12900);
      await bumpVersions(t.db, ['content'], clock.now());
      expect((await item('furniture-assembly', 'Dresser')).priceCents).toBe(13900);
      expect((await t.app.inject({ method: 'GET', url: '/api/price-list', headers: { 'if-none-match': etag } })).statusCode).toBe(200);
    } finally {
      await t.db.update(priceItems).set({ priceCents: 12900 }).where(eq(priceItems.id, dresser.id));
      await bumpVersions(t.db, ['content'], clock.now());
    }
  });

  it('says whether a crew of two exists, anew as soon as the owner changes the crews’ sizes', async () => {
    const admin = { cookie: (await sessionAs(t.db, 'admin')).cookie };
    const setCrews = async (body: unknown) => expect((await injectJson(t.app, 'PATCH', '/api/admin/settings', body, admin)).status).toBe(200);
    const bookable = async () => (await priceList()).map((s) => s.twoPeopleBookable);
    // The list is read into memory first, so a stale copy would answer below.
    expect(await bookable()).toEqual([true, true, true, true]);
    try {
      await setCrews({ crewSizes: [1] });
      expect(await bookable()).toEqual([false, false, false, false]);
      // Adding a crew by its count alone gives it the default size: a crew of two.
      await setCrews({ crews: 2 });
      expect(await bookable()).toEqual([true, true, true, true]);
      await setCrews({ crewSizes: [1, 1] });
      expect(await bookable()).toEqual([false, false, false, false]);
    } finally {
      await setCrews({ crewSizes: [2] });
    }
    expect(await bookable()).toEqual([true, true, true, true]);
  });

  it('leaves out inactive items and services that are not offered', async () => {
    const dresser = await item('furniture-assembly', 'Dresser');
    await t.db.update(priceItems).set({ active: false }).where(eq(priceItems.id, dresser.id));
    await t.db.update(services).set({ active: false }).where(eq(services.slug, 'shelf-mounting'));
    await bumpVersions(t.db, ['content'], clock.now());
    try {
      const list = await priceList();
      expect(list.map((s) => s.serviceType)).toEqual(['furniture-assembly', 'tv-mounting', 'custom-project']);
      expect(list[0].items.map((i) => i.name)).not.toContain('Dresser');
    } finally {
      await t.db.update(priceItems).set({ active: true }).where(eq(priceItems.id, dresser.id));
      await t.db.update(services).set({ active: true }).where(eq(services.slug, 'shelf-mounting'));
      await bumpVersions(t.db, ['content'], clock.now());
    }
  });
});

describe('POST /api/quote', () => {
  it('prices two dressers and a bed frame: lines, total in cents, length and crew', async () => {
    const [dresser, bed] = [await item('furniture-assembly', 'Dresser'), await item('furniture-assembly', 'Bed frame')];
    const anchor = dresser.addOns.find((a) => a.name === 'Anchor to the wall (anti-tip)')!;
    const res = await quote({ serviceType: 'furniture-assembly', items: [{ id: dresser.id, quantity: 2, addOns: [anchor.id] }, { id: bed.id, quantity: 1 }] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      totalCents: 2 * 12900 + 2 * 1500 + 9900,
      minutes: 2 * 90 + 2 * 10 + 75,
      twoPeople: false,
      lines: [
        { name: 'Dresser', quantity: 2, unitCents: 12900, amountCents: 25800, minutes: 180 },
        { name: 'Anchor to the wall (anti-tip)', quantity: 2, unitCents: 1500, amountCents: 3000, minutes: 20 },
        { name: 'Bed frame', quantity: 1, unitCents: 9900, amountCents: 9900, minutes: 75 },
      ],
    });
  });

  it('says when a job needs two people, and ignores any amounts the client sends', async () => {
    const tv = await item('tv-mounting', 'TV 65 to 75 inches');
    const res = await quote({ serviceType: 'tv-mounting', items: [{ id: tv.id, quantity: 1, addOns: [], priceCents: 1 }], totalCents: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalCents: 18900, minutes: 90, twoPeople: true });
  });

  it('prices from the list as the owner changed it, at once', async () => {
    const tv = await item('tv-mounting', 'TV up to 42 inches');
    await t.db.update(priceItems).set({ priceCents: 10900 }).where(eq(priceItems.id, tv.id));
    try {
      expect((await quote({ serviceType: 'tv-mounting', items: [{ id: tv.id, quantity: 1 }] })).body.totalCents).toBe(10900);
    } finally {
      await t.db.update(priceItems).set({ priceCents: 9900 }).where(eq(priceItems.id, tv.id));
    }
  });

  it('refuses what the list does not allow with a 400 naming the item', async () => {
    const [dresser, bed] = [await item('furniture-assembly', 'Dresser'), await item('furniture-assembly', 'Bed frame')];
    const tv = await item('tv-mounting', 'TV up to 42 inches');
    const wires = tv.addOns.find((a) => a.name === 'Hide the wires in the wall')!;
    const anchor = dresser.addOns.find((a) => a.name === 'Anchor to the wall (anti-tip)')!;
    const cases: [string, unknown, string, Record<string, string>][] = [
      ['above the maximum', [{ id: dresser.id, quantity: 5 }], 'Choose 1 to 4 of “Dresser”.', { 'items.0.quantity': 'Choose 1 to 4 of “Dresser”.' }],
      ['below 1', [{ id: dresser.id, quantity: 0 }], 'Choose 1 to 4 of “Dresser”.', { 'items.0.quantity': 'Choose 1 to 4 of “Dresser”.' }],
      ['above the maximum over two lines', [{ id: bed.id, quantity: 3 }, { id: bed.id, quantity: 2 }], 'Choose 1 to 4 of “Bed frame”.', { 'items.1.quantity': 'Choose 1 to 4 of “Bed frame”.' }],
      ['an unknown item', [{ id: 999999, quantity: 1 }], "Item 999999 is not on this service's price list.", { 'items.0.id': "Item 999999 is not on this service's price list." }],
      ['an item of another service', [{ id: tv.id, quantity: 1 }], `Item ${tv.id} is not on this service's price list.`, { 'items.0.id': `Item ${tv.id} is not on this service's price list.` }],
      ['an add-on of another item', [{ id: bed.id, quantity: 1, addOns: [anchor.id] }], '“Anchor to the wall (anti-tip)” does not go with “Bed frame”.', { 'items.0.addOns': '“Anchor to the wall (anti-tip)” does not go with “Bed frame”.' }],
      ['an add-on of another service', [{ id: dresser.id, quantity: 1, addOns: [wires.id] }], `Add-on ${wires.id} does not go with “Dresser”.`, { 'items.0.addOns': `Add-on ${wires.id} does not go with “Dresser”.` }],
    ];
    for (const [label, items, message, errors] of cases) {
      const res = await quote({ serviceType: 'furniture-assembly', items });
      expect({ label, status: res.status, body: res.body }).toEqual({ label, status: 400, body: { code: 'VALIDATION_ERROR', message, errors } });
    }
  });

  it('refuses an item the owner took off the list, by name', async () => {
    const dresser = await item('furniture-assembly', 'Dresser');
    await t.db.update(priceItems).set({ active: false }).where(eq(priceItems.id, dresser.id));
    try {
      const res = await quote({ serviceType: 'furniture-assembly', items: [{ id: dresser.id, quantity: 1 }] });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'VALIDATION_ERROR', message: '“Dresser” is no longer offered.', errors: { 'items.0.id': '“Dresser” is no longer offered.' } });
    } finally {
      await t.db.update(priceItems).set({ active: true }).where(eq(priceItems.id, dresser.id));
    }
  });

  it('refuses an unknown or unoffered service, and a custom project has nothing to pick', async () => {
    const dresser = await item('furniture-assembly', 'Dresser');
    for (const serviceType of ['boat-building', '']) {
      const res = await quote({ serviceType, items: [{ id: dresser.id, quantity: 1 }] });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', errors: { serviceType: 'Please select a service type' } });
    }
    await t.db.update(services).set({ active: false }).where(eq(services.slug, 'furniture-assembly'));
    try {
      expect((await quote({ serviceType: 'furniture-assembly', items: [{ id: dresser.id, quantity: 1 }] })).body.errors).toEqual({ serviceType: 'Please select a service type' });
    } finally {
      await t.db.update(services).set({ active: true }).where(eq(services.slug, 'furniture-assembly'));
    }
    expect((await quote({ serviceType: 'custom-project', items: [{ id: dresser.id, quantity: 1 }] })).body.errors).toEqual({ 'items.0.id': `Item ${dresser.id} is not on this service's price list.` });
  });

  it('refuses a malformed request with field messages', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{ serviceType: 'tv-mounting', items: [] }, { items: 'Choose 1 to 50 items' }],
      [{ serviceType: 'tv-mounting' }, { items: 'Choose 1 to 50 items' }],
      [{ serviceType: 'tv-mounting', items: [{ id: 'x', quantity: 1 }] }, { 'items.0.id': 'Choose an item from the price list' }],
      [{ serviceType: 'tv-mounting', items: [{ id: 1, quantity: 1.5 }] }, { 'items.0.quantity': 'Quantity must be a whole number' }],
      [{ serviceType: 'tv-mounting', items: [{ id: 1, quantity: 1, addOns: [3, 3] }] }, { 'items.0.addOns': 'Choose each add-on of the price list at most once' }],
      [{ serviceType: 'tv-mounting', items: [{ id: 99999999999, quantity: 1 }] }, { 'items.0.id': 'Choose an item from the price list' }],
    ];
    for (const [body, errors] of cases) {
      const res = await quote(body);
      expect({ body, status: res.status, errors: res.body.errors, code: res.body.code }).toEqual({ body, status: 400, errors, code: 'VALIDATION_ERROR' });
    }
  });
});
