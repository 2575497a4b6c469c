import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { priceAddOns, priceItemAddOns, priceItems, services } from '../../db/schema';
import type { PriceItemRow } from './price-list';

/**
 * The owner's writes to the price list. Each runs in the caller's transaction; the service locks
 * what two owners' edits at once could interleave on.
 */

export async function serviceSlugExists(db: DbOrTx, slug: string): Promise<boolean> {
  const rows = await db.select({ id: services.id }).from(services).where(eq(services.slug, slug)).limit(1);
  return rows.length > 0;
}

/** One past the last item of the service, so a new one goes at the end. */
export async function nextItemOrder(db: DbOrTx, serviceType: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`coalesce(max(${priceItems.sortOrder}) + 1, 0)::int` })
    .from(priceItems)
    .where(eq(priceItems.serviceType, serviceType));
  return rows[0]?.n ?? 0;
}

type ItemValues = Omit<PriceItemRow, 'id'>;

export async function insertPriceItem(db: DbOrTx, values: ItemValues): Promise<PriceItemRow> {
  const [row] = await db.insert(priceItems).values(values).returning();
  return row;
}

export async function updatePriceItem(db: DbOrTx, id: number, values: Partial<Omit<ItemValues, 'serviceType'>>): Promise<PriceItemRow | null> {
  const rows = await db.update(priceItems).set(values).where(eq(priceItems.id, id)).returning();
  return rows[0] ?? null;
}

/** Deletes the item (its add-on links go with it). */
export async function deletePriceItem(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(priceItems).where(eq(priceItems.id, id)).returning({ id: priceItems.id });
  return rows.length > 0;
}

/** Those of `ids` that are items, held until the caller's transaction ends (a concurrent delete waits). */
export async function lockExistingItemIds(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: priceItems.id }).from(priceItems).where(inArray(priceItems.id, ids)).for('share');
  return rows.map((r) => r.id);
}

export type AddOnRow = typeof priceAddOns.$inferSelect;
type AddOnValues = Omit<AddOnRow, 'id'>;

/** Every add-on in the owner's order, each with the items it goes with (ascending ids). */
export function listAllAddOns(db: DbOrTx, id?: number) {
  const query = db
    .select({
      id: priceAddOns.id,
      name: priceAddOns.name,
      priceCents: priceAddOns.priceCents,
      minutes: priceAddOns.minutes,
      sortOrder: priceAddOns.sortOrder,
      itemIds: sql<number[]>`coalesce(array_agg(${priceItemAddOns.itemId} order by ${priceItemAddOns.itemId}) filter (where ${priceItemAddOns.itemId} is not null), '{}')`,
    })
    .from(priceAddOns)
    .leftJoin(priceItemAddOns, eq(priceItemAddOns.addOnId, priceAddOns.id));
  return (id === undefined ? query : query.where(eq(priceAddOns.id, id))).groupBy(priceAddOns.id).orderBy(asc(priceAddOns.sortOrder), asc(priceAddOns.id));
}

export async function nextAddOnOrder(db: DbOrTx): Promise<number> {
  const rows = await db.select({ n: sql<number>`coalesce(max(${priceAddOns.sortOrder}) + 1, 0)::int` }).from(priceAddOns);
  return rows[0]?.n ?? 0;
}

export async function insertAddOn(db: DbOrTx, values: AddOnValues): Promise<number> {
  const [row] = await db.insert(priceAddOns).values(values).returning({ id: priceAddOns.id });
  return row.id;
}

/** The add-on, locked until the caller's transaction ends (two edits of its items serialize); false when there is none. */
export async function lockAddOn(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.select({ id: priceAddOns.id }).from(priceAddOns).where(eq(priceAddOns.id, id)).for('update');
  return rows.length > 0;
}

export async function updateAddOn(db: DbOrTx, id: number, values: Partial<AddOnValues>): Promise<void> {
  if (Object.keys(values).length) await db.update(priceAddOns).set(values).where(eq(priceAddOns.id, id));
}

/** The items the add-on goes with become exactly `itemIds`. */
export async function replaceAddOnItems(db: DbOrTx, addOnId: number, itemIds: number[]): Promise<void> {
  await db.delete(priceItemAddOns).where(eq(priceItemAddOns.addOnId, addOnId));
  if (itemIds.length) await db.insert(priceItemAddOns).values(itemIds.map((itemId) => ({ itemId, addOnId })));
}

export async function deleteAddOn(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(priceAddOns).where(eq(priceAddOns.id, id)).returning({ id: priceAddOns.id });
  return rows.length > 0;
}
