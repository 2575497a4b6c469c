import { describe, expect, it } from 'vitest';
import type { PriceListItem } from '../../../../shared/schemas/price-list';
import { chosenItems, isAddable, NO_CHOICES, pickedJob, priceText, slotsJobOf, withAddOn, withQuantity, type ItemChoices } from './job-quote';

const ANCHOR = { id: 21, name: 'Anchor to the wall (anti-tip)', priceCents: 1500, minutes: 10 };
const BOXES = { id: 22, name: 'Take the boxes and packaging away', priceCents: 1500, minutes: 10 };
const item = (over: Partial<PriceListItem> & Pick<PriceListItem, 'id' | 'name'>): PriceListItem => ({
  description: '',
  priceCents: 10000,
  priceIsFrom: false,
  minutes: 60,
  twoPeople: false,
  maxQuantity: 4,
  addOns: [],
  ...over,
});
const DRESSER = item({ id: 1, name: 'Dresser', priceCents: 12900, minutes: 90, addOns: [ANCHOR, BOXES] });
const BED = item({ id: 2, name: 'Bed frame', priceCents: 9900, minutes: 75, addOns: [BOXES] });
const STORAGE_BED = item({ id: 3, name: 'Storage bed', priceCents: 22900, minutes: 180, twoPeople: true, priceIsFrom: true, maxQuantity: 2 });
const WARDROBE = item({ id: 4, name: 'Wardrobe', priceCents: 17900, minutes: 150, maxQuantity: 4 });
const ITEMS = [DRESSER, BED, STORAGE_BED, WARDROBE];

describe('withQuantity', () => {
  it.each([
    ['sets a quantity', 2, 2],
    ['keeps it at the maximum', 9, 4],
    ['a fraction counts its whole units', 2.7, 2],
    ['not a number is none', Number.NaN, undefined],
  ])('%s', (_label, quantity, expected) => {
    expect(withQuantity(NO_CHOICES, DRESSER, quantity)[1]?.quantity).toBe(expected);
  });

  it('keeps the add-ons while the quantity changes, and drops the item and its add-ons at 0', () => {
    const chosen = withAddOn(withQuantity(NO_CHOICES, DRESSER, 1), 1, ANCHOR.id, true);
    expect(withQuantity(chosen, DRESSER, 3)).toEqual({ 1: { quantity: 3, addOns: [ANCHOR.id] } });
    expect(withQuantity(chosen, DRESSER, 0)).toEqual({});
    expect(withQuantity(chosen, DRESSER, -2)).toEqual({});
  });
});

describe('withAddOn', () => {
  it('switches an add-on of a chosen item on and off, once each', () => {
    let chosen = withQuantity(NO_CHOICES, DRESSER, 1);
    chosen = withAddOn(withAddOn(chosen, 1, ANCHOR.id, true), 1, ANCHOR.id, true);
    expect(chosen[1]!.addOns).toEqual([ANCHOR.id]);
    expect(withAddOn(chosen, 1, ANCHOR.id, false)[1]!.addOns).toEqual([]);
  });

  it('does nothing for an item not chosen', () => {
    expect(withAddOn(NO_CHOICES, 1, ANCHOR.id, true)).toBe(NO_CHOICES);
  });
});

describe('chosenItems', () => {
  it('lists the chosen items in the list’s order with their add-ons in the item’s order', () => {
    const chosen: ItemChoices = { 2: { quantity: 1, addOns: [] }, 1: { quantity: 2, addOns: [BOXES.id, ANCHOR.id] } };
    expect(chosenItems(ITEMS, chosen, true)).toEqual([
      { id: 1, quantity: 2, addOns: [ANCHOR.id, BOXES.id] },
      { id: 2, quantity: 1, addOns: [] },
    ]);
  });

  it('leaves out what a list read again no longer has, and keeps quantities within the new maximum', () => {
    const chosen: ItemChoices = { 1: { quantity: 4, addOns: [ANCHOR.id] }, 99: { quantity: 1, addOns: [] } };
    const changed = [{ ...DRESSER, maxQuantity: 2, addOns: [BOXES] }];
    expect(chosenItems(changed, chosen, true)).toEqual([{ id: 1, quantity: 2, addOns: [] }]);
  });

  it('leaves out two-person items when no crew of two can be booked', () => {
    const chosen: ItemChoices = { 1: { quantity: 1, addOns: [] }, 3: { quantity: 1, addOns: [] } };
    expect(chosenItems(ITEMS, chosen, false).map((c) => c.id)).toEqual([1]);
    expect(isAddable(STORAGE_BED, false)).toBe(false);
    expect(isAddable(STORAGE_BED, true)).toBe(true);
    expect(isAddable(DRESSER, false)).toBe(true);
  });
});

describe('pickedJob', () => {
  it('is nothing until an item is chosen', () => {
    expect(pickedJob(ITEMS, NO_CHOICES, true)).toBeNull();
    expect(slotsJobOf(null)).toBeNull();
  });

  it('prices two dressers with anchors and a bed frame, and books it in quarter hours', () => {
    const chosen: ItemChoices = { 1: { quantity: 2, addOns: [ANCHOR.id] }, 2: { quantity: 1, addOns: [] } };
    const job = pickedJob(ITEMS, chosen, true)!;
    expect(job.quote).toMatchObject({ totalCents: 2 * 12900 + 2 * 1500 + 9900, minutes: 180 + 20 + 75, twoPeople: false });
    expect(job.quote.lines.map((l) => l.name)).toEqual(['Dresser', 'Anchor to the wall (anti-tip)', 'Bed frame']);
    expect(job).toMatchObject({ isFrom: false, bookedMinutes: 285, isTooLong: false });
    expect(slotsJobOf(job)).toEqual({ minutes: 285, twoPeople: false });
  });

  it('says when the total starts at a "from" price and the job needs two people', () => {
    const job = pickedJob(ITEMS, { 2: { quantity: 1, addOns: [] }, 3: { quantity: 1, addOns: [] } }, true)!;
    expect(job).toMatchObject({ isFrom: true, bookedMinutes: 255, quote: { twoPeople: true } });
    expect(slotsJobOf(job)).toEqual({ minutes: 255, twoPeople: true });
  });

  it('a job over ten hours once rounded is too long to book online; ten hours is not', () => {
    // 4 wardrobes: 600 minutes exactly.
    expect(pickedJob(ITEMS, { 4: { quantity: 4, addOns: [] } }, true)).toMatchObject({ bookedMinutes: 600, isTooLong: false });
    const tooLong = pickedJob(ITEMS, { 4: { quantity: 4, addOns: [] }, 2: { quantity: 1, addOns: [BOXES.id] } }, true)!;
    expect(tooLong).toMatchObject({ bookedMinutes: 690, isTooLong: true });
    expect(slotsJobOf(tooLong)).toBeNull();
  });
});

describe('priceText', () => {
  it.each([
    [12900, false, '$129'],
    [22900, true, 'from $229'],
    [4950, false, '$49.50'],
  ])('%i cents (from: %s) reads "%s"', (cents, isFrom, text) => {
    expect(priceText(cents, isFrom)).toBe(text);
  });
});
