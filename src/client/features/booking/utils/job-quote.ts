import { bookedJobMinutes, MAX_JOB_MINUTES } from '../../../../shared/job-length';
import { formatCents } from '../../../../shared/money';
import { quoteJob } from '../../../../shared/quote';
import type { PriceListItem, Quote, QuoteInput, QuoteLine } from '../../../../shared/schemas/price-list';

/** The `items` of POST /api/quote and /api/bookings. */
type ChosenItems = QuoteInput['items'];

/**
 * The job a visitor picks on /book from the service's price list (issue 22): what they chose,
 * priced with the shared `quoteJob` on the list they read, so the running total is the price the
 * server will charge for that list.
 */

/** One item's quantity and the add-ons chosen for it. */
export interface ItemChoice {
  quantity: number;
  addOns: readonly number[];
}

/** What the visitor chose, by item id; an item at 0 is not there. */
export type ItemChoices = Readonly<Record<number, ItemChoice>>;

export const NO_CHOICES: ItemChoices = {};

/** Whether the visitor can add the item online: a two-person item needs some crew of two. */
export function isAddable(item: Pick<PriceListItem, 'twoPeople'>, twoPeopleBookable: boolean): boolean {
  return !item.twoPeople || twoPeopleBookable;
}

/** The choices with the item's quantity set, kept within 0 to its maximum (0 drops it and its add-ons). */
export function withQuantity(choices: ItemChoices, item: Pick<PriceListItem, 'id' | 'maxQuantity'>, quantity: number): ItemChoices {
  const next = Math.min(item.maxQuantity, Math.max(0, Math.trunc(Number.isFinite(quantity) ? quantity : 0)));
  const { [item.id]: current, ...rest } = choices;
  if (next === 0) return rest;
  return { ...rest, [item.id]: { quantity: next, addOns: current?.addOns ?? [] } };
}

/** The choices with an add-on of a chosen item switched on or off. */
export function withAddOn(choices: ItemChoices, itemId: number, addOnId: number, on: boolean): ItemChoices {
  const current = choices[itemId];
  if (!current) return choices;
  const others = current.addOns.filter((id) => id !== addOnId);
  return { ...choices, [itemId]: { ...current, addOns: on ? [...others, addOnId] : others } };
}

/**
 * The request's `items`, in the list's order: only items still on the list and addable, each
 * within its maximum and with only its own add-ons (a list read again may have changed under
 * what was chosen).
 */
export function chosenItems(items: readonly PriceListItem[], choices: ItemChoices, twoPeopleBookable: boolean): ChosenItems {
  return items.flatMap((item) => {
    const choice = choices[item.id];
    if (!choice || !isAddable(item, twoPeopleBookable)) return [];
    const quantity = Math.min(choice.quantity, item.maxQuantity);
    if (quantity < 1) return [];
    return [{ id: item.id, quantity, addOns: item.addOns.filter((a) => choice.addOns.includes(a.id)).map((a) => a.id) }];
  });
}

/** A job picked from the list: its quote, the request that books it and how it is booked. */
export interface PickedJob {
  quote: Quote;
  items: ChosenItems;
  /** Some chosen item has a "from" price: the total is where the price starts. */
  isFrom: boolean;
  /** The length the schedule books: the quote's minutes rounded up to the quarter hour. */
  bookedMinutes: number;
  /** Longer than one visit booked online (over MAX_JOB_MINUTES once rounded). */
  isTooLong: boolean;
}

/** The job the choices make, or null when nothing is chosen (the service is booked as a whole). */
export function pickedJob(items: readonly PriceListItem[], choices: ItemChoices, twoPeopleBookable: boolean): PickedJob | null {
  const chosen = chosenItems(items, choices, twoPeopleBookable);
  if (chosen.length === 0) return null;
  const result = quoteJob(items, chosen);
  // chosenItems keeps every choice within the list's rules; a refusal would be a bug, not input.
  if (!result.ok) return null;
  const bookedMinutes = bookedJobMinutes(result.quote.minutes);
  return {
    quote: result.quote,
    items: chosen,
    isFrom: chosen.some((c) => items.find((i) => i.id === c.id)?.priceIsFrom === true),
    bookedMinutes,
    isTooLong: bookedMinutes > MAX_JOB_MINUTES,
  };
}

/** The starts to ask for: the picked job's booked length and crew need; null for the service's own. */
export function slotsJobOf(job: PickedJob | null): { minutes: number; twoPeople: boolean } | null {
  return job && !job.isTooLong ? { minutes: job.bookedMinutes, twoPeople: job.quote.twoPeople } : null;
}

/** A price as the visitor reads it: "$129", or "from $229" where the work may cost more. */
export function priceText(cents: number, isFrom: boolean): string {
  return isFrom ? `from ${formatCents(cents)}` : formatCents(cents);
}

/** A booked job's lines and total as the booking's answer gave them, and whether the total is a "from" price. */
export interface JobSummary {
  lines: QuoteLine[];
  totalCents: number;
  isFrom: boolean;
}
