import { describe, expect, it } from 'vitest';
import { centsToDollarsText, dollarsToCents, draftTotals, emptyLine, formFieldOf, presetsOf, quoteInput, DOLLARS_MESSAGE } from './quote-lines';

describe('dollarsToCents', () => {
  it.each([
    ['120', 12000],
    ['89.5', 8950],
    ['89.50', 8950],
    ['$1,200.05', 120005],
    [' 0 ', 0],
    ['100000', 10_000_000],
  ])('%s is %i cents', (text, cents) => expect(dollarsToCents(text)).toBe(cents));

  it.each(['', 'abc', '12.345', '-5', '1,20', '100000.01', '1e3'])('%s is no amount', (text) => expect(dollarsToCents(text)).toBeNull());

  it('writes cents back as the dollars box shows them', () => {
    expect(centsToDollarsText(12000)).toBe('120');
    expect(centsToDollarsText(8950)).toBe('89.50');
    expect(dollarsToCents(centsToDollarsText(8905))).toBe(8905);
  });
});

describe('draftTotals', () => {
  it('adds quantity times unit price, and the lines minutes, skipping what cannot be read yet', () => {
    const lines = [
      { ...emptyLine(), quantity: '2', unitPrice: '89.50', minutes: '90' },
      { ...emptyLine(), quantity: '1', unitPrice: '40', minutes: '30' },
      { ...emptyLine(), quantity: 'x', unitPrice: '10', minutes: '' },
    ];
    expect(draftTotals(lines)).toEqual({ totalCents: 2 * 8950 + 4000, minutes: 120 });
  });
});

describe('quoteInput', () => {
  const presets = presetsOf([
    { serviceType: 'tv-mounting', items: [{ id: 7, name: 'TV up to 55"', description: '', priceCents: 12000, priceIsFrom: false, minutes: 60, twoPeople: false, maxQuantity: 3, addOns: [{ id: 3, name: 'Hide the wires', priceCents: 8000, minutes: 45 }] }], twoPeopleBookable: true },
  ]);

  it('sends whole cents, the item of a line picked from the list, and free text without one', () => {
    const result = quoteInput(
      {
        lines: [
          { pick: 'item:7', description: 'TV up to 55"', quantity: '2', unitPrice: '120', minutes: '120' },
          { pick: 'addon:3', description: 'Hide the wires', quantity: '2', unitPrice: '80', minutes: '90' },
          { pick: '', description: 'Patch two old holes', quantity: '1', unitPrice: '35.25', minutes: '20' },
        ],
        note: ' Bring the long bit. ',
        validDays: '14',
      },
      presets,
    );
    expect(result).toEqual({
      ok: true,
      input: {
        lines: [
          { itemId: 7, description: 'TV up to 55"', quantity: 2, unitCents: 12000, minutes: 120 },
          { description: 'Hide the wires', quantity: 2, unitCents: 8000, minutes: 90 },
          { description: 'Patch two old holes', quantity: 1, unitCents: 3525, minutes: 20 },
        ],
        note: 'Bring the long bit.',
        validDays: 14,
      },
    });
  });

  it('names each box that is wrong, the dollars box for the price', () => {
    const result = quoteInput({ lines: [{ pick: '', description: 'x', quantity: '0', unitPrice: 'twelve', minutes: '700' }], note: '', validDays: '0' }, presets);
    expect(result).toEqual({
      ok: false,
      errors: {
        'lines.0.unitPrice': DOLLARS_MESSAGE,
        'lines.0.description': 'Describe the work of this line',
        'lines.0.quantity': 'Quantity must be a whole number from 1 to 99',
        'lines.0.minutes': 'Enter the minutes, a whole number from 0 to 600',
        validDays: 'Valid for 1 to 90 days',
      },
    });
  });

  it('maps the server paths to the form boxes', () => {
    expect(formFieldOf('lines.2.unitCents')).toBe('lines.2.unitPrice');
    expect(formFieldOf('lines.0.itemId')).toBe('lines.0.pick');
    expect(formFieldOf('lines')).toBe('lines');
  });
});
