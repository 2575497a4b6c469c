import { balanceCents } from '../../../../shared/invoice-money';
import { formatCents } from '../../../../shared/money';

interface Sums {
  subtotalCents: number;
  discountCents: number;
  taxRateBps: number;
  taxCents: number;
  totalCents: number;
  depositCreditCents: number;
  paidCents: number;
  tipCents: number;
}

const money = (cents: number) => formatCents(cents, { grouped: true, alwaysCents: true });
/** 1025 → "10.25%". */
export const rateText = (bps: number) => `${(bps / 100).toFixed(bps % 100 === 0 ? 0 : 2)}%`;

/** The invoice's sums down to the balance, as a list of terms and amounts (read out as they change). */
export function InvoiceSums({ sums, live = false }: { sums: Sums; live?: boolean }) {
  const balance = balanceCents(sums);
  const rows: [string, string, boolean?][] = [
    ['Subtotal', money(sums.subtotalCents)],
    ...(sums.discountCents ? [['Discount', `−${money(sums.discountCents)}`] as [string, string]] : []),
    ...(sums.taxCents || sums.taxRateBps ? [[`Tax on materials (${rateText(sums.taxRateBps)})`, money(sums.taxCents)] as [string, string]] : []),
    ['Total', money(sums.totalCents), true],
    ...(sums.depositCreditCents ? [['Deposit paid', `−${money(sums.depositCreditCents)}`] as [string, string]] : []),
    ...(sums.paidCents ? [['Paid since', `−${money(sums.paidCents)}`] as [string, string]] : []),
    ['Balance due', money(balance), true],
    ...(sums.tipCents ? [['Tips received', money(sums.tipCents)] as [string, string]] : []),
  ];
  return (
    <dl aria-live={live ? 'polite' : undefined} className="divide-y divide-neutral-200 rounded-md bg-neutral-100 px-3 text-sm">
      {rows.map(([term, amount, strong]) => (
        <div key={term} className={`flex justify-between gap-3 py-1.5 ${strong ? 'font-bold text-ink-950' : 'text-neutral-800'}`}>
          <dt>{term}</dt>
          <dd className="tabular-nums">{amount}</dd>
        </div>
      ))}
    </dl>
  );
}
