import { describe, expect, it } from 'vitest';
import { quoteJob, type QuotableItem, type QuoteChoice } from './quote';

const WIRES = { id: 11, name: 'Hide the wires in the wall', priceCents: 9900, minutes: 45 };
const BRICK = { id: 12, name: 'Brick, stone or tile wall', priceCents: 4900, minutes: 30 };
const ANCHOR = { id: 13, name: 'Anchor to the wall', priceCents: 1500, minutes: 10 };

const ITEMS: QuotableItem[] = [
  { id: 1, name: 'TV up to 42 inches', priceCents: 9900, minutes: 60, twoPeople: false, maxQuantity: 4, addOns: [WIRES, BRICK] },
  { id: 2, name: 'TV 65 to 75 inches', priceCents: 19900, minutes: 90, twoPeople: true, maxQuantity: 3, addOns: [WIRES, BRICK] },
  { id: 3, name: 'Dresser', priceCents: 12900, minutes: 90, twoPeople: false, maxQuantity: 4, addOns: [ANCHOR] },
  { id: 4, name: 'Bed frame', priceCents: 9900, minutes: 75, twoPeople: false, maxQuantity: 1, addOns: [] },
  { id: 5, name: 'Old sofa', priceCents: 8900, minutes: 45, twoPeople: false, maxQuantity: 2, addOns: [], active: false },
];

const pick = (id: number, quantity = 1, addOns: number[] = []): QuoteChoice => ({ id, quantity, addOns });
const quoted = (choices: QuoteChoice[]) => {
  const result = quoteJob(ITEMS, choices);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.quote;
};

describe('quoteJob: the arithmetic', () => {
  it.each([
    ['one item', [pick(3)], 12900, 90, false],
    ['quantities multiply price and minutes', [pick(3, 2)], 25800, 180, false],
    ['two dressers and a bed frame (the issue’s journey)', [pick(3, 2), pick(4)], 35700, 255, false],
    ['add-ons are per unit of their item', [pick(1, 2, [11])], 2 * 9900 + 2 * 9900, 2 * 60 + 2 * 45, false],
    ['several add-ons on one item', [pick(1, 1, [11, 12])], 9900 + 9900 + 4900, 60 + 45 + 30, false],
    ['a two-person item makes the job two-person', [pick(3), pick(2)], 12900 + 19900, 180, true],
    ['one item in two lines, with and without an add-on', [pick(1, 1, [11]), pick(1, 2)], 9900 + 9900 + 2 * 9900, 60 + 45 + 120, false],
  ])('%s', (_label, choices, totalCents, minutes, twoPeople) => {
    const quote = quoted(choices);
    expect(quote).toMatchObject({ totalCents, minutes, twoPeople });
    // The total and length are the sums of the lines, in whole cents and minutes.
    expect(quote.totalCents).toBe(quote.lines.reduce((s, l) => s + l.amountCents, 0));
    expect(quote.minutes).toBe(quote.lines.reduce((s, l) => s + l.minutes, 0));
    for (const l of quote.lines) {
      expect(Number.isInteger(l.amountCents)).toBe(true);
      expect(l.amountCents).toBe(l.unitCents * l.quantity);
    }
  });

  it('lists each item (naming it by id), then its add-ons in the item’s own order, each with its quantity', () => {
    expect(quoted([pick(1, 2, [12, 11]), pick(3)]).lines).toEqual([
      { name: 'TV up to 42 inches', quantity: 2, unitCents: 9900, amountCents: 19800, minutes: 120, itemId: 1 },
      { name: 'Hide the wires in the wall', quantity: 2, unitCents: 9900, amountCents: 19800, minutes: 90 },
      { name: 'Brick, stone or tile wall', quantity: 2, unitCents: 4900, amountCents: 9800, minutes: 60 },
      { name: 'Dresser', quantity: 1, unitCents: 12900, amountCents: 12900, minutes: 90, itemId: 3 },
    ]);
  });

  it('a price of 0 cents is a line of 0', () => {
    const free = [{ id: 9, name: 'Haul away the boxes', priceCents: 0, minutes: 5, twoPeople: false, maxQuantity: 1, addOns: [] }];
    expect(quoteJob(free, [pick(9)])).toEqual({ ok: true, quote: { totalCents: 0, minutes: 5, twoPeople: false, lines: [{ name: 'Haul away the boxes', quantity: 1, unitCents: 0, amountCents: 0, minutes: 5, itemId: 9 }] } });
  });
});

describe('quoteJob: what it refuses, naming the item', () => {
  it.each([
    ['an item not on the list', [pick(99)], { 'items.0.id': "Item 99 is not on this service's price list." }],
    ['an item the owner took off the list', [pick(5)], { 'items.0.id': '“Old sofa” is no longer offered.' }],
    ['a quantity above the maximum', [pick(3, 5)], { 'items.0.quantity': 'Choose 1 to 4 of “Dresser”.' }],
    ['a quantity of 0', [pick(3, 0)], { 'items.0.quantity': 'Choose 1 to 4 of “Dresser”.' }],
    ['a negative quantity', [pick(3, -2)], { 'items.0.quantity': 'Choose 1 to 4 of “Dresser”.' }],
    ['an item of one per visit, twice', [pick(4, 2)], { 'items.0.quantity': 'Choose 1 “Bed frame”.' }],
    ['the maximum counted over lines of one item', [pick(3, 3), pick(3, 2)], { 'items.1.quantity': 'Choose 1 to 4 of “Dresser”.' }],
    ['an add-on of another item', [pick(3, 1, [11])], { 'items.0.addOns': '“Hide the wires in the wall” does not go with “Dresser”.' }],
    ['an add-on not on the list', [pick(1, 1, [77])], { 'items.0.addOns': 'Add-on 77 does not go with “TV up to 42 inches”.' }],
    [
      'every refusal at once',
      [pick(3), pick(99), pick(4, 3), pick(3, 1, [12])],
      { 'items.1.id': "Item 99 is not on this service's price list.", 'items.2.quantity': 'Choose 1 “Bed frame”.', 'items.3.addOns': '“Brick, stone or tile wall” does not go with “Dresser”.' },
    ],
  ])('%s', (_label, choices, errors) => {
    const result = quoteJob(ITEMS, choices);
    expect(result).toEqual({ ok: false, message: Object.values(errors)[0], errors });
  });
});
