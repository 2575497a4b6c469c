import type { PricedLine, PricedQuote, PriceListItem } from './schemas/price-list';

/**
 * The price and length of a job picked from a service's price list (decision 0018): the one
 * arithmetic behind /book's running total and the server's price, so the two never disagree.
 * Pure: the list comes in, nothing is read.
 *
 * - An item's line is its price and minutes times its quantity. Each add-on chosen for it is its
 *   own line right after it, per unit of the item (two TVs with their wires hidden: 2 × the wires).
 * - The total is the sum of the lines in whole cents; the job's length is the sum of their minutes.
 * - The job needs a crew of two when any chosen item does.
 * - An item's line carries its `itemId` (PricedLine); the answers leave it out.
 */

/** An item as the quote reads it: the visitor's list entry, or the server's row with `active`. */
export type QuotableItem = Pick<PriceListItem, 'id' | 'name' | 'priceCents' | 'minutes' | 'twoPeople' | 'maxQuantity' | 'addOns'> & {
  /** False for an item the owner took off the list; left out, the item is offered. */
  active?: boolean;
};

export interface QuoteChoice {
  id: number;
  quantity: number;
  addOns: readonly number[];
}

/** A choice the list refuses: `errors` is keyed as the request's fields (`items.0.quantity`), `message` is the first. */
export interface QuoteRefusal {
  message: string;
  errors: Record<string, string>;
}

export type QuoteResult = { ok: true; quote: PricedQuote } | ({ ok: false } & QuoteRefusal);

export const unknownItemMessage = (id: number) => `Item ${id} is not on this service's price list.`;
export const inactiveItemMessage = (name: string) => `“${name}” is no longer offered.`;
export const quantityMessage = (name: string, max: number) => (max === 1 ? `Choose 1 “${name}”.` : `Choose 1 to ${max} of “${name}”.`);
export const addOnMessage = (addOn: string, item: string) => `${addOn} does not go with “${item}”.`;

function line(name: string, quantity: number, unitCents: number, unitMinutes: number): PricedLine {
  return { name, quantity, unitCents, amountCents: unitCents * quantity, minutes: unitMinutes * quantity };
}

/**
 * Quotes `choices` against a service's `items`. Every refusal is named, not only the first: an
 * item not on the list, one no longer offered, a quantity below 1 or above the item's maximum
 * (counted over every line of that item), an add-on that does not go with its item.
 */
export function quoteJob(items: readonly QuotableItem[], choices: readonly QuoteChoice[]): QuoteResult {
  const byId = new Map(items.map((item) => [item.id, item]));
  const errors: Record<string, string> = {};
  const counted = new Map<number, number>();
  const lines: PricedLine[] = [];
  let twoPeople = false;

  choices.forEach((choice, i) => {
    const item = byId.get(choice.id);
    if (!item) {
      errors[`items.${i}.id`] = unknownItemMessage(choice.id);
      return;
    }
    if (item.active === false) {
      errors[`items.${i}.id`] = inactiveItemMessage(item.name);
      return;
    }
    const inAll = (counted.get(item.id) ?? 0) + choice.quantity;
    counted.set(item.id, inAll);
    if (choice.quantity < 1 || inAll > item.maxQuantity) errors[`items.${i}.quantity`] = quantityMessage(item.name, item.maxQuantity);
    const stranger = choice.addOns.find((id) => !item.addOns.some((a) => a.id === id));
    if (stranger !== undefined) {
      const known = items.flatMap((other) => other.addOns).find((a) => a.id === stranger);
      errors[`items.${i}.addOns`] = addOnMessage(known ? `“${known.name}”` : `Add-on ${stranger}`, item.name);
    }
    if (errors[`items.${i}.quantity`] || errors[`items.${i}.addOns`]) return;

    twoPeople ||= item.twoPeople;
    // The item's line names it, so its real times can be learned; its add-ons' lines do not.
    lines.push({ ...line(item.name, choice.quantity, item.priceCents, item.minutes), itemId: item.id });
    // The item's own order of add-ons, whatever order they were picked in.
    for (const addOn of item.addOns) if (choice.addOns.includes(addOn.id)) lines.push(line(addOn.name, choice.quantity, addOn.priceCents, addOn.minutes));
  });

  const first = Object.values(errors)[0];
  if (first !== undefined) return { ok: false, message: first, errors };
  return {
    ok: true,
    quote: {
      totalCents: lines.reduce((sum, l) => sum + l.amountCents, 0),
      minutes: lines.reduce((sum, l) => sum + l.minutes, 0),
      twoPeople,
      lines,
    },
  };
}
