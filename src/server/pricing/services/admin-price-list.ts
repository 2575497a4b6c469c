import type { Db, DbOrTx } from '../../db/client';
import { NotFoundError, ValidationError } from '../../errors';
import { bumpVersions } from '../../settings';
import { ACTUAL_JOBS_COUNTED, itemActualTime } from '../../../shared/actual-times';
import {
  PRICE_LIST_SERVICE_MESSAGE,
  type AdminPriceAddOn,
  type AdminPriceItem,
  type AdminPriceListItem,
  type PriceAddOnInput,
  type PriceAddOnPatch,
  type PriceItemInput,
  type PriceItemPatch,
} from '../../../shared/schemas/admin-price-list';
import {
  deleteAddOn,
  deletePriceItem,
  insertAddOn,
  insertPriceItem,
  listAllAddOns,
  lockAddOn,
  lockExistingItemIds,
  nextAddOnOrder,
  nextItemOrder,
  replaceAddOnItems,
  serviceSlugExists,
  updateAddOn,
  updatePriceItem,
} from '../repositories/admin-price-list';
import { listPriceItems } from '../repositories/price-list';
import { listRecentTimedJobs, type TimedJobOfItem } from '../repositories/actual-times';

/**
 * The owner's price list: items and add-ons. Every change bumps the `content` version in its own
 * transaction, so GET /api/price-list on every instance shows it once it commits. The offered
 * starts do not depend on the list (a job's length comes with the request), so `schedule` stays.
 */

export interface PricingDeps {
  db: Db;
  now: Date;
}

export const PRICE_ITEM_NOT_FOUND = 'Price list item not found.';
export const ADD_ON_NOT_FOUND = 'Add-on not found.';
export const unknownItemIdMessage = (id: number) => `Item ${id} is not on the price list.`;

/** Every item, each with the real time of one unit over its last completed jobs (shared/actual-times.ts). */
export async function listPriceItemsForAdmin(db: Db): Promise<AdminPriceListItem[]> {
  const [items, jobs] = await Promise.all([listPriceItems(db), listRecentTimedJobs(db, ACTUAL_JOBS_COUNTED)]);
  const jobsOf = new Map<number, TimedJobOfItem[]>();
  for (const job of jobs) {
    const list = jobsOf.get(job.itemId);
    if (list) list.push(job);
    else jobsOf.set(job.itemId, [job]);
  }
  return items.map((item) => ({ ...item, ...itemActualTime(item.id, jobsOf.get(item.id) ?? []) }));
}

export async function createPriceItem(deps: PricingDeps, input: PriceItemInput): Promise<AdminPriceItem> {
  return deps.db.transaction(async (tx) => {
    // Any service, offered or not: the owner may ready a list before offering the service.
    if (!(await serviceSlugExists(tx, input.serviceType))) throw new ValidationError(PRICE_LIST_SERVICE_MESSAGE, { serviceType: PRICE_LIST_SERVICE_MESSAGE });
    const sortOrder = input.sortOrder ?? (await nextItemOrder(tx, input.serviceType));
    const row = await insertPriceItem(tx, { ...input, sortOrder });
    await bumpVersions(tx, ['content'], deps.now);
    return row;
  });
}

export async function editPriceItem(deps: PricingDeps, id: number, patch: PriceItemPatch): Promise<AdminPriceItem> {
  return deps.db.transaction(async (tx) => {
    const row = await updatePriceItem(tx, id, patch);
    if (!row) throw new NotFoundError(PRICE_ITEM_NOT_FOUND);
    await bumpVersions(tx, ['content'], deps.now);
    return row;
  });
}

export async function removePriceItem(deps: PricingDeps, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (!(await deletePriceItem(tx, id))) throw new NotFoundError(PRICE_ITEM_NOT_FOUND);
    await bumpVersions(tx, ['content'], deps.now);
  });
}

export function listAddOnsForAdmin(db: Db): Promise<AdminPriceAddOn[]> {
  return listAllAddOns(db);
}

/** Every id must be an item of the price list; they stay so until the transaction ends. */
async function requireItems(tx: DbOrTx, ids: number[]): Promise<void> {
  const found = new Set(await lockExistingItemIds(tx, ids));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw new ValidationError(unknownItemIdMessage(missing), { itemIds: unknownItemIdMessage(missing) });
}

async function addOnById(tx: DbOrTx, id: number): Promise<AdminPriceAddOn> {
  const [row] = await listAllAddOns(tx, id);
  return row;
}

export async function createAddOn(deps: PricingDeps, input: PriceAddOnInput): Promise<AdminPriceAddOn> {
  return deps.db.transaction(async (tx) => {
    const { itemIds, ...values } = input;
    await requireItems(tx, itemIds);
    const id = await insertAddOn(tx, { ...values, sortOrder: values.sortOrder ?? (await nextAddOnOrder(tx)) });
    await replaceAddOnItems(tx, id, itemIds);
    await bumpVersions(tx, ['content'], deps.now);
    return addOnById(tx, id);
  });
}

export async function editAddOn(deps: PricingDeps, id: number, patch: PriceAddOnPatch): Promise<AdminPriceAddOn> {
  return deps.db.transaction(async (tx) => {
    if (!(await lockAddOn(tx, id))) throw new NotFoundError(ADD_ON_NOT_FOUND);
    const { itemIds, ...values } = patch;
    await updateAddOn(tx, id, values);
    if (itemIds) {
      await requireItems(tx, itemIds);
      await replaceAddOnItems(tx, id, itemIds);
    }
    await bumpVersions(tx, ['content'], deps.now);
    return addOnById(tx, id);
  });
}

export async function removeAddOn(deps: PricingDeps, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (!(await deleteAddOn(tx, id))) throw new NotFoundError(ADD_ON_NOT_FOUND);
    await bumpVersions(tx, ['content'], deps.now);
  });
}
