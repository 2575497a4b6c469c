import { describe, expect, it } from 'vitest';
import { priceAddOnInputSchema, priceItemInputSchema } from '../../shared/schemas/admin-price-list';
import { SEED_PRICE_ADD_ONS, SEED_PRICE_ITEMS } from './seed-price-list';
import { SEED_SERVICES } from './seed-data';

describe('the seeded price list', () => {
  it('is for the seeded services, and leaves custom projects to quotes', () => {
    const slugs = SEED_SERVICES.map((s) => s.slug);
    expect(Object.keys(SEED_PRICE_ITEMS).every((slug) => slugs.includes(slug))).toBe(true);
    expect(SEED_PRICE_ITEMS['custom-project']).toBeUndefined();
  });

  it('passes the checks the owner’s own edits get', () => {
    for (const [serviceType, items] of Object.entries(SEED_PRICE_ITEMS)) {
      for (const { addOns: _addOns, ...item } of items) {
        const parsed = priceItemInputSchema.safeParse({ serviceType, ...item });
        expect(parsed.error?.issues ?? [], `${serviceType}: ${item.name}`).toEqual([]);
      }
      expect(new Set(items.map((i) => i.name)).size, `names of ${serviceType} are unique`).toBe(items.length);
    }
    for (const addOn of Object.values(SEED_PRICE_ADD_ONS)) expect(priceAddOnInputSchema.safeParse(addOn).error?.issues ?? []).toEqual([]);
  });

  it('prices TVs about $100 to $200 by size, the large ones with two installers', () => {
    const tvs = SEED_PRICE_ITEMS['tv-mounting'];
    expect(tvs.map((t) => t.priceCents)).toEqual([...tvs.map((t) => t.priceCents)].sort((a, b) => a - b));
    expect(tvs[0].priceCents).toBeGreaterThanOrEqual(9_900);
    expect(tvs.filter((t) => !t.priceIsFrom).every((t) => t.priceCents <= 20_000)).toBe(true);
    expect(tvs.map((t) => Boolean(t.twoPeople))).toEqual([false, false, true, true]);
    for (const tv of tvs) expect(tv.addOns).toEqual(['wiresInWall', 'masonryTv', 'fireplace', 'soundbar']);
  });

  it('prices assembly at about $60 to $120 an hour of its minutes', () => {
    for (const item of SEED_PRICE_ITEMS['furniture-assembly']) {
      const perHour = item.priceCents / (item.minutes / 60);
      expect(perHour, item.name).toBeGreaterThanOrEqual(6_000);
      expect(perHour, item.name).toBeLessThanOrEqual(12_000);
    }
  });
});
