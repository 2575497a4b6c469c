import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { priceAddOns, priceItemAddOns, priceItems, services } from '../../db/schema';

export type PriceItemRow = typeof priceItems.$inferSelect;

interface ItemFilter {
  serviceType?: string;
  activeOnly?: boolean;
  /** Only these items (an owner's quote names them). */
  ids?: readonly number[];
}

const ITEM_COLUMNS = {
  id: priceItems.id,
  serviceType: priceItems.serviceType,
  name: priceItems.name,
  description: priceItems.description,
  priceCents: priceItems.priceCents,
  priceIsFrom: priceItems.priceIsFrom,
  minutes: priceItems.minutes,
  twoPeople: priceItems.twoPeople,
  maxQuantity: priceItems.maxQuantity,
  sortOrder: priceItems.sortOrder,
  active: priceItems.active,
};

function itemFilter(filter: ItemFilter): SQL | undefined {
  const where: SQL[] = [];
  if (filter.serviceType !== undefined) where.push(eq(priceItems.serviceType, filter.serviceType));
  if (filter.activeOnly) where.push(eq(priceItems.active, true));
  if (filter.ids !== undefined) where.push(filter.ids.length ? inArray(priceItems.id, [...filter.ids]) : eq(priceItems.id, -1));
  return and(...where);
}

/**
 * Items of the price list, by the services' order, then the owner's order within each (then the
 * oldest first). Only a service's (`serviceType`), only the offered ones (`activeOnly`), or all.
 */
export function listPriceItems(db: DbOrTx, filter: ItemFilter = {}): Promise<PriceItemRow[]> {
  return db
    .select(ITEM_COLUMNS)
    .from(priceItems)
    .innerJoin(services, eq(services.slug, priceItems.serviceType))
    .where(itemFilter(filter))
    .orderBy(asc(services.sortOrder), asc(services.id), asc(priceItems.sortOrder), asc(priceItems.id));
}

export type PriceItemWithAddOns = PriceItemRow & { addOns: { id: number; name: string; priceCents: number; minutes: number }[] };

/**
 * As listPriceItems, each item with the add-ons that go with it (in the owner's order of
 * add-ons), read in one statement: inside a booking's transaction the items and their add-ons
 * come from one snapshot, so an owner's edit cannot land between the two.
 */
export async function listPriceItemsWithAddOns(db: DbOrTx, filter: ItemFilter = {}): Promise<PriceItemWithAddOns[]> {
  const rows = await db
    .select({
      item: ITEM_COLUMNS,
      addOn: { id: priceAddOns.id, name: priceAddOns.name, priceCents: priceAddOns.priceCents, minutes: priceAddOns.minutes },
    })
    .from(priceItems)
    .innerJoin(services, eq(services.slug, priceItems.serviceType))
    .leftJoin(priceItemAddOns, eq(priceItemAddOns.itemId, priceItems.id))
    .leftJoin(priceAddOns, eq(priceAddOns.id, priceItemAddOns.addOnId))
    .where(itemFilter(filter))
    .orderBy(asc(services.sortOrder), asc(services.id), asc(priceItems.sortOrder), asc(priceItems.id), asc(priceAddOns.sortOrder), asc(priceAddOns.id));
  const items = new Map<number, PriceItemWithAddOns>();
  for (const { item, addOn } of rows) {
    let entry = items.get(item.id);
    if (!entry) items.set(item.id, (entry = { ...item, addOns: [] }));
    if (addOn) entry.addOns.push(addOn);
  }
  return [...items.values()];
}
