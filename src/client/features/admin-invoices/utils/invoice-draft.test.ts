import { describe, expect, it } from 'vitest';
import { checkDraft, DISCOUNT_ABOVE_MESSAGE, DISCOUNT_DOLLARS_MESSAGE, draftOf, draftTotals, emptyLine, formPathOf } from './invoice-draft';

const line = (description: string, quantity: string, unitPrice: string, taxable = false) => ({ description, quantity, unitPrice, taxable });

describe('the invoice form', () => {
  it('starts from the stored lines and discount, prices in dollars', () => {
    const draft = draftOf({ lines: [{ description: 'Dresser', quantity: 2, unitCents: 8950, taxable: false, amountCents: 17900 }], discountCents: 0 });
    expect(draft).toEqual({ lines: [line('Dresser', '2', '89.50')], discount: '' });
    expect(draftOf({ lines: [], discountCents: 1000 }).discount).toBe('10');
  });

  it('adds up as typed: tax on the materials lines only, the discount off the subtotal, lines not yet readable count nothing', () => {
    const totals = draftTotals({ lines: [line('Labour', '1', '200'), line('Wall anchors', '3', '12.50', true), line('Half typed', 'x', '$')], discount: '20' }, 1025);
    // Materials $37.50 at 10.25 % = $3.84375 → $3.84; 237.50 − 20 + 3.84.
    expect(totals).toMatchObject({ subtotalCents: 23750, taxableCents: 3750, taxCents: 384, discountCents: 2000, totalCents: 22134 });
  });

  it('gives the API whole cents and trimmed text', () => {
    expect(checkDraft({ lines: [line(' Mount ', '1', '$129'), line('Bracket', '2', '45.5', true)], discount: '' })).toEqual({
      ok: true,
      input: {
        lines: [
          { description: 'Mount', quantity: 1, unitCents: 12900, taxable: false },
          { description: 'Bracket', quantity: 2, unitCents: 4550, taxable: true },
        ],
        discountCents: 0,
      },
    });
  });

  it('names each box it cannot read', () => {
    const check = checkDraft({ lines: [line('', '0', 'abc'), emptyLine()], discount: 'ten' });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors).toEqual({
      'lines.0.description': 'Describe the line',
      'lines.0.quantity': 'Quantity must be a whole number from 1 to 999',
      'lines.0.unitPrice': 'Enter a price in dollars from 0 to 100000, such as 89 or 89.50',
      'lines.1.description': 'Describe the line',
      'lines.1.unitPrice': 'Enter a price in dollars from 0 to 100000, such as 89 or 89.50',
      discount: DISCOUNT_DOLLARS_MESSAGE,
    });
    expect(checkDraft({ lines: [], discount: '' })).toEqual({ ok: false, errors: { lines: 'Give the invoice 1 to 50 lines' } });
    expect(checkDraft({ lines: [line('Mount', '1', '50')], discount: '50.01' })).toEqual({ ok: false, errors: { discount: DISCOUNT_ABOVE_MESSAGE } });
  });

  it("puts the server's messages under the boxes that hold them", () => {
    expect(formPathOf('lines.2.unitCents')).toBe('lines.2.unitPrice');
    expect(formPathOf('lines.0.description')).toBe('lines.0.description');
    expect(formPathOf('discountCents')).toBe('discount');
    expect(formPathOf('other')).toBeNull();
  });
});
