import { z } from 'zod';
import { MAX_PRICE_CENTS, PRICE_MESSAGE, SORT_ORDER_MESSAGE } from './admin-content';
import { priceListAddOnSchema, priceListItemSchema } from './price-list';

/**
 * The owner's price list (/api/admin/price-items and /api/admin/price-add-ons, decision 0018).
 * A POST gives the whole thing (what is left out takes its default); a PATCH only what changes.
 */

export const ITEM_MINUTES_MESSAGE = 'Minutes must be 5 to 600 in steps of 5';
export const ADD_ON_MINUTES_MESSAGE = 'Minutes must be 0 to 240 in steps of 5';
export const MAX_QUANTITY_MESSAGE = 'Maximum quantity must be a whole number from 1 to 99';
export const ITEM_IDS_MESSAGE = 'List the items it goes with by id, each once';
export const EMPTY_PATCH_MESSAGE = 'Send at least one field to change';
export const PRICE_LIST_SERVICE_MESSAGE = 'Choose one of the services';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long (${max} characters at most)`);
const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });
const priceCents = z.number({ error: PRICE_MESSAGE }).int(PRICE_MESSAGE).min(0, PRICE_MESSAGE).max(MAX_PRICE_CENTS, PRICE_MESSAGE);
const minutes = (min: number, max: number, message: string) =>
  z
    .number({ error: message })
    .int(message)
    .min(min, message)
    .max(max, message)
    .refine((m) => m % 5 === 0, message);
const sortOrder = z.number({ error: SORT_ORDER_MESSAGE }).int(SORT_ORDER_MESSAGE).min(0, SORT_ORDER_MESSAGE).max(10_000, SORT_ORDER_MESSAGE);
const atLeastOneField = (patch: object) => Object.keys(patch).length > 0;

/** An item as /admin sees it, inactive ones included. */
export const adminPriceItemSchema = priceListItemSchema.omit({ addOns: true }).extend({ serviceType: z.string(), sortOrder: z.number(), active: z.boolean() });
export type AdminPriceItem = z.infer<typeof adminPriceItemSchema>;
/** An item in the owner's list, with what its completed jobs really took (shared/actual-times.ts). */
export const adminPriceListItemSchema = adminPriceItemSchema.extend({
  /** One unit's real minutes over its last 20 completed jobs that have a real time; null without any. */
  averageActualMinutes: z.number().nullable(),
  /** How many jobs that average reads (0 to 20). */
  actualJobCount: z.number(),
});
export type AdminPriceListItem = z.infer<typeof adminPriceListItemSchema>;
/** GET /api/admin/price-items: every item, by the services' order, then the owner's order within each. */
export const adminPriceItemsSchema = z.array(adminPriceListItemSchema);

const priceItemFields = {
  name: text('Name', 80),
  description: z.string({ error: 'Description must be text' }).trim().max(300, 'Description is too long (300 characters at most)'),
  priceCents,
  priceIsFrom: flag('"From" price'),
  minutes: minutes(5, 600, ITEM_MINUTES_MESSAGE),
  twoPeople: flag('Two people'),
  maxQuantity: z.number({ error: MAX_QUANTITY_MESSAGE }).int(MAX_QUANTITY_MESSAGE).min(1, MAX_QUANTITY_MESSAGE).max(99, MAX_QUANTITY_MESSAGE),
  sortOrder,
  active: flag('Active'),
};

/** POST /api/admin/price-items. `serviceType` is a service's slug; without `sortOrder` the item goes last. */
export const priceItemInputSchema = z.object({
  serviceType: z.string({ error: PRICE_LIST_SERVICE_MESSAGE }).trim().min(1, PRICE_LIST_SERVICE_MESSAGE).max(60, PRICE_LIST_SERVICE_MESSAGE),
  ...priceItemFields,
  description: priceItemFields.description.default(''),
  priceIsFrom: priceItemFields.priceIsFrom.default(false),
  twoPeople: priceItemFields.twoPeople.default(false),
  maxQuantity: priceItemFields.maxQuantity.default(10),
  sortOrder: sortOrder.optional(),
  active: priceItemFields.active.default(true),
});
export type PriceItemInput = z.infer<typeof priceItemInputSchema>;

/** PATCH /api/admin/price-items/:id. An item stays with its service. */
export const priceItemPatchSchema = z.object(priceItemFields).partial().strict().refine(atLeastOneField, EMPTY_PATCH_MESSAGE);
export type PriceItemPatch = z.infer<typeof priceItemPatchSchema>;

/** An add-on as /admin sees it, with the items it goes with. */
export const adminPriceAddOnSchema = priceListAddOnSchema.extend({ sortOrder: z.number(), itemIds: z.array(z.number()) });
export type AdminPriceAddOn = z.infer<typeof adminPriceAddOnSchema>;
/** GET /api/admin/price-add-ons: every add-on in the owner's order. */
export const adminPriceAddOnsSchema = z.array(adminPriceAddOnSchema);

const itemIds = z
  .array(z.number({ error: ITEM_IDS_MESSAGE }).int(ITEM_IDS_MESSAGE).positive(ITEM_IDS_MESSAGE).max(2_147_483_647, ITEM_IDS_MESSAGE), { error: ITEM_IDS_MESSAGE })
  .max(500, ITEM_IDS_MESSAGE)
  .refine((ids) => new Set(ids).size === ids.length, ITEM_IDS_MESSAGE);

const priceAddOnFields = {
  name: text('Name', 80),
  priceCents,
  /** Per unit of the item; 0 for a surcharge that takes no longer. */
  minutes: minutes(0, 240, ADD_ON_MINUTES_MESSAGE),
  sortOrder,
  /** The items it goes with; every one must be on the price list. */
  itemIds,
};

/** POST /api/admin/price-add-ons. Without `sortOrder` the add-on goes last. */
export const priceAddOnInputSchema = z.object({
  ...priceAddOnFields,
  minutes: priceAddOnFields.minutes.default(0),
  sortOrder: sortOrder.optional(),
  itemIds: itemIds.default([]),
});
export type PriceAddOnInput = z.infer<typeof priceAddOnInputSchema>;

/** PATCH /api/admin/price-add-ons/:id. `itemIds`, when sent, replaces the list whole. */
export const priceAddOnPatchSchema = z.object(priceAddOnFields).partial().strict().refine(atLeastOneField, EMPTY_PATCH_MESSAGE);
export type PriceAddOnPatch = z.infer<typeof priceAddOnPatchSchema>;
