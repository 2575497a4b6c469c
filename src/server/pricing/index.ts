/**
 * Pricing: the owner's price list (items per service with price, minutes, crew of two and add-ons),
 * the visitors' read of it, and the quote of a job picked from it (decision 0018).
 *
 * The domain's entry file: other domains, app.ts and the plugins import from here only.
 */
export { adminPriceListRoutes } from './routes/admin-price-list';
export { priceListRoutes } from './routes/price-list';
export { unknownItemIdMessage } from './services/admin-price-list';
export { cachedPriceList, priceItemsByIds, quoteFromPriceList } from './services/price-list';
