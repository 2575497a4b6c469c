import { describe, expect, it } from 'vitest';
import { balanceCents, invoiceNumber, invoiceTotals, issuedStatus, taxCents } from './invoice-money';

describe('taxCents', () => {
  it.each([
    // taxable, rate (bps), tax: half a cent rounds up, less rounds down
    [0, 1025, 0],
    [10_000, 0, 0],
    [10_000, 1025, 1025],
    [1_000, 950, 95],
    [1_999, 950, 190], // 189.905
    [2_000, 1025, 205],
    [1_234, 1025, 126], // 126.485
    [200, 25, 1], // 0.5 cent: up
    [199, 25, 0], // 0.4975 cent: down
    [99_999_999, 10_000, 99_999_999],
  ])('%i cents at %i bps is %i', (taxable, rate, expected) => {
    expect(taxCents(taxable, rate)).toBe(expected);
  });
});

describe('invoiceTotals', () => {
  it('taxes only the taxable lines and takes the discount off the subtotal', () => {
    const lines = [
      { quantity: 2, unitCents: 8_900, taxable: false },
      { quantity: 3, unitCents: 1_999, taxable: true },
      { quantity: 1, unitCents: 0, taxable: true },
    ];
    expect(invoiceTotals(lines, 1_000, 950)).toEqual({ subtotalCents: 23_797, taxableCents: 5_997, taxCents: 570, totalCents: 23_367 });
  });

  it('is zero for no lines and no rate', () => {
    expect(invoiceTotals([], 0, 0)).toEqual({ subtotalCents: 0, taxableCents: 0, taxCents: 0, totalCents: 0 });
  });
});

describe('balance and status', () => {
  it.each([
    // total, deposit credit, paid, balance, status
    [20_000, 5_000, 0, 15_000, 'sent'],
    [20_000, 5_000, 5_000, 10_000, 'partly_paid'],
    [20_000, 5_000, 15_000, 0, 'paid'],
    [20_000, 0, 19_999, 1, 'partly_paid'],
    [4_000, 5_000, 0, 0, 'paid'],
    [0, 0, 0, 0, 'paid'],
  ] as const)('total %i, credit %i, paid %i: balance %i, %s', (totalCents, depositCreditCents, paidCents, balance, status) => {
    expect(balanceCents({ totalCents, depositCreditCents, paidCents })).toBe(balance);
    expect(issuedStatus({ totalCents, depositCreditCents, paidCents })).toBe(status);
  });
});

describe('invoiceNumber', () => {
  it.each([
    [2026, 1, 'INV-2026-0001'],
    [2026, 42, 'INV-2026-0042'],
    [2027, 9_999, 'INV-2027-9999'],
    [2027, 10_000, 'INV-2027-10000'],
  ])('%i #%i is %s', (year, n, expected) => {
    expect(invoiceNumber(year, n)).toBe(expected);
  });
});
