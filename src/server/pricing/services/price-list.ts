import type { DbOrTx } from '../../db/client';
import { ValidationError } from '../../errors';
import { listActiveServices, requireService } from '../../schedule';
import { readSettings, type VersionedCache } from '../../settings';
import { quoteJob, type QuoteChoice } from '../../../shared/quote';
import type { PriceList, Quote } from '../../../shared/schemas/price-list';
import { listPriceItems, listPriceItemsWithAddOns, type PriceItemRow } from '../repositories/price-list';

/**
 * GET /api/price-list: every offered service in the owner's order, each with its active items in
 * the owner's order (none for a service booked as a whole, like a custom project), and whether a
 * crew of two exists to book its two-person items with. Kept per content version: a change of the
 * crews' sizes bumps it (settings' changesContent).
 */
export async function readPriceList(db: DbOrTx): Promise<PriceList> {
  const [offered, items, settings] = await Promise.all([listActiveServices(db), listPriceItemsWithAddOns(db, { activeOnly: true }), readSettings(db)]);
  const twoPeopleBookable = settings.crewSizes.includes(2);
  return offered.map((service) => ({
    twoPeopleBookable,
    serviceType: service.slug,
    items: items
      .filter((item) => item.serviceType === service.slug)
      .map(({ id, name, description, priceCents, priceIsFrom, minutes, twoPeople, maxQuantity, addOns }) => ({ id, name, description, priceCents, priceIsFrom, minutes, twoPeople, maxQuantity, addOns })),
  }));
}

/** The visitors' read of the price list, from the content cache: read once per content version. */
export function cachedPriceList(cache: VersionedCache, db: DbOrTx): Promise<PriceList> {
  return cache.read('price-list', () => readPriceList(db));
}

/**
 * POST /api/quote, and the price of a job booked from the price list: the shared arithmetic
 * (shared/quote.ts) on the service's list as the database has it now, never on amounts a client
 * sends. An item the owner took off the list is refused by name. 400 for an unknown or inactive
 * service, or any item the list refuses (the errors keyed as the request's fields).
 */
export async function quoteFromPriceList(db: DbOrTx, serviceType: string, choices: readonly QuoteChoice[]): Promise<Quote> {
  await requireService(db, serviceType);
  const items = await listPriceItemsWithAddOns(db, { serviceType });
  const result = quoteJob(items, choices);
  if (!result.ok) throw new ValidationError(result.message, result.errors);
  return result.quote;
}

/** The items `ids` names that are on the price list (offered or not), for an owner's quote written from it. */
export function priceItemsByIds(db: DbOrTx, ids: readonly number[]): Promise<PriceItemRow[]> {
  return listPriceItems(db, { ids });
}
