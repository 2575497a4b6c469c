import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../../tests/helpers/smtp';
import { pdfSafe, renderReceiptPdf, type ReceiptData } from './receipt-pdf';

const receipt = (over: Partial<ReceiptData> = {}): ReceiptData => ({
  business: { name: 'Café Assembly “Pros”', address: '12 Main St, Venice, CA 90291', serviceArea: 'Venice and nearby', phone: '(310) 555-0142', email: 'hi@cafe.example' },
  number: 'INV-2026-0042',
  issuedOn: '2026-06-10',
  paidOn: '2026-06-12',
  jobDate: '2026-06-09',
  serviceName: 'TV Mounting',
  customer: { name: 'Zoë Ng', email: 'zoe@example.com', address: '1 Ocean Ave, Santa Monica, CA 90401' },
  lines: [{ description: 'TV mount', quantity: 1, unitCents: 12_900, amountCents: 12_900, taxable: false }],
  subtotalCents: 12_900,
  discountCents: 0,
  taxRateBps: 0,
  taxCents: 0,
  totalCents: 12_900,
  depositCreditCents: 5_000,
  payments: [{ method: 'venmo', date: '2026-06-12', amountCents: 7_900, tipCents: 0 }],
  paidCents: 7_900,
  tipCents: 0,
  refundedCents: 0,
  balanceCents: 0,
  ...over,
});

describe('the receipt PDF', () => {
  it('writes Latin-1 and typographic marks as they are, and anything the built-in fonts lack as "?"', () => {
    expect(pdfSafe('Café “Pros” – 5 × $10 · Zoë')).toBe('Café “Pros” – 5 × $10 · Zoë');
    expect(pdfSafe('−$5 ✓ 漢字 🙂')).toBe('-$5 ? ?? ?');
  });

  it('reads back with the accents kept, and a long job runs onto a second page with its sums and payments', async () => {
    const text = await pdfText(await renderReceiptPdf(receipt()));
    expect(text).toContain('Café Assembly “Pros”');
    expect(text).toContain('Zoë Ng');
    expect(text).toContain('June 12, 2026 Venmo $79.00');
    expect(text).not.toContain('Refunded');
    expect(text).not.toContain('Tip');

    const lines = Array.from({ length: 45 }, (_, i) => ({ description: `Shelf ${i + 1}`, quantity: 1, unitCents: 1_000, amountCents: 1_000, taxable: false }));
    const long = await renderReceiptPdf(receipt({ lines, subtotalCents: 45_000, totalCents: 45_000, paidCents: 40_000, payments: [{ method: 'card', date: '2026-06-12', amountCents: 40_000, tipCents: 6_750 }], tipCents: 6_750, refundedCents: 1_000 }));
    // Two pages: the lines fill the first.
    expect(long.toString('latin1')).toMatch(/\/Count 2\b/);
    const longText = await pdfText(long);
    expect(longText).toContain('1 Shelf 45 $10.00 $10.00');
    expect(longText).toContain('Total $450.00');
    expect(longText).toContain('Tip, thank you! $67.50');
    expect(longText).toContain('Refunded to your card -$10.00');
    expect(longText).toContain('June 12, 2026 Card $400.00 $67.50');
    expect(longText.indexOf('Shelf 45')).toBeLessThan(longText.indexOf('Subtotal'));
  });
});
