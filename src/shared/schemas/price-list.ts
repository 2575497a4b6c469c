import { z } from 'zod';

/**
 * The price list as visitors read it, and the instant quote (decision 0018). Amounts are whole US
 * cents, lengths whole minutes.
 */

export const priceListAddOnSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Per unit of the item it is added to. */
  priceCents: z.number(),
  /** Per unit of the item it is added to. */
  minutes: z.number(),
});
export type PriceListAddOn = z.infer<typeof priceListAddOnSchema>;

export const priceListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  priceCents: z.number(),
  /** The price is where the work starts ("from $229"): the rest is agreed on site. */
  priceIsFrom: z.boolean(),
  minutes: z.number(),
  /** Needs a crew of two people. */
  twoPeople: z.boolean(),
  /** The most one visit takes of it. */
  maxQuantity: z.number(),
  /** The add-ons that go with it, in the owner's order. */
  addOns: z.array(priceListAddOnSchema),
});
export type PriceListItem = z.infer<typeof priceListItemSchema>;

/**
 * GET /api/price-list: every offered service in the owner's order with its active items in the
 * owner's order. A service with no items (a custom project) is booked as a whole, as before.
 * `twoPeopleBookable`: some crew is of two people, so items needing two can be booked online
 * (without one, /book offers the free estimate for them instead).
 */
export const priceListSchema = z.array(z.object({ serviceType: z.string(), items: z.array(priceListItemSchema), twoPeopleBookable: z.boolean() }));
export type PriceList = z.infer<typeof priceListSchema>;

const MAX_ID = 2_147_483_647;
export const QUOTE_ITEM_MESSAGE = 'Choose an item from the price list';
export const QUOTE_ITEMS_MESSAGE = 'Choose 1 to 50 items';
export const QUOTE_QUANTITY_MESSAGE = 'Quantity must be a whole number';
export const QUOTE_ADD_ONS_MESSAGE = 'Choose each add-on of the price list at most once';
export const QUOTE_SERVICE_MESSAGE = 'Please select a service type';

const idSchema = (message: string) => z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

/**
 * POST /api/quote. The shape only: whether each item is on the service's list, its quantity within
 * 1 to its maximum and its add-ons its own is the quote's rule (shared/quote.ts), whose messages
 * name the item.
 */
export const quoteInputSchema = z.object({
  serviceType: z.string({ error: QUOTE_SERVICE_MESSAGE }).trim().min(1, QUOTE_SERVICE_MESSAGE).max(60, QUOTE_SERVICE_MESSAGE),
  items: z
    .array(
      z.object(
        {
          id: idSchema(QUOTE_ITEM_MESSAGE),
          quantity: z.number({ error: QUOTE_QUANTITY_MESSAGE }).int(QUOTE_QUANTITY_MESSAGE).min(-1_000_000, QUOTE_QUANTITY_MESSAGE).max(1_000_000, QUOTE_QUANTITY_MESSAGE),
          addOns: z
            .array(idSchema(QUOTE_ADD_ONS_MESSAGE), { error: QUOTE_ADD_ONS_MESSAGE })
            .max(20, QUOTE_ADD_ONS_MESSAGE)
            .refine((ids) => new Set(ids).size === ids.length, QUOTE_ADD_ONS_MESSAGE)
            .default([]),
        },
        { error: QUOTE_ITEM_MESSAGE },
      ),
      { error: QUOTE_ITEMS_MESSAGE },
    )
    .min(1, QUOTE_ITEMS_MESSAGE)
    .max(50, QUOTE_ITEMS_MESSAGE),
});
export type QuoteInput = z.infer<typeof quoteInputSchema>;

export const quoteLineSchema = z.object({
  name: z.string(),
  quantity: z.number(),
  unitCents: z.number(),
  /** unitCents × quantity. */
  amountCents: z.number(),
  /** The line's minutes in all (its unit's minutes × quantity). */
  minutes: z.number(),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

/** The answer of POST /api/quote: the lines (each item, then its add-ons), the total, the job's length and crew. */
export const quoteSchema = z.object({
  totalCents: z.number(),
  /** The job's length: the sum of the lines' minutes. */
  minutes: z.number(),
  /** Some item needs a crew of two. */
  twoPeople: z.boolean(),
  lines: z.array(quoteLineSchema),
});
export type Quote = z.infer<typeof quoteSchema>;
