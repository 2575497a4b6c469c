import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { priceAddOns, priceItemAddOns, priceItems, services } from '../../db/schema';

export type PriceItemRow = typeof priceItems.$inferSelect;

/**
 * Items of the price list, by the services' order, then the owner's order within each (then the
 * oldest first). Only a service's (`serviceType`), only the offered ones (`activeOnly`), or all.
 */
export function listPriceItems(db: DbOrTx, filter: { serviceType?: string; activeOnly?: boolean } = {}): Promise<PriceItemRow[]> {
  const where: SQL[] = [];
  if (filter.serviceType !== undefined) where.push(eq(priceItems.serviceType, filter.serviceType));
  if (filter.activeOnly) where.push(eq(priceItems.active, true));
  return db
    .select({
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
    })
    .from(priceItems)
    .innerJoin(services, eq(services.slug, priceItems.serviceType))
    .where(and(...where))
    .orderBy(asc(services.sortOrder), asc(services.id), asc(priceItems.sortOrder), asc(priceItems.id));
}

/** Which add-ons go with which items (of `itemIds`, or of every item), each item's in the owner's order of add-ons. */
export function listItemAddOns(db: DbOrTx, itemIds?: number[]) {
  const query = db
    .select({ itemId: priceItemAddOns.itemId, id: priceAddOns.id, name: priceAddOns.name, priceCents: priceAddOns.priceCents, minutes: priceAddOns.minutes })
    .from(priceItemAddOns)
    .innerJoin(priceAddOns, eq(priceAddOns.id, priceItemAddOns.addOnId));
  return (itemIds ? query.where(inArray(priceItemAddOns.itemId, itemIds)) : query).orderBy(asc(priceAddOns.sortOrder), asc(priceAddOns.id));
}
