import { formatCents } from '../../../../shared/money';
import type { QuoteLine } from '../../../../shared/schemas/price-list';
import { priceText } from '../utils/job-quote';

interface JobLinesProps {
  lines: readonly QuoteLine[];
  totalCents: number;
  /** Some line is a "from" price: the total says it is where the price starts. */
  isFrom: boolean;
  /** Names the table for screen readers ("Your job"). */
  caption: string;
  /** `dark` inside the picker's black summary, `light` on white. */
  tone?: 'dark' | 'light';
}

const TONES = {
  dark: { row: 'border-white/15', muted: 'text-neutral-300', total: 'text-gold-300' },
  light: { row: 'border-neutral-200', muted: 'text-neutral-600', total: 'text-ink-950' },
} as const;

/** A job's lines (each item, then its add-ons) with their amounts, and the total. */
export function JobLines({ lines, totalCents, isFrom, caption, tone = 'light' }: JobLinesProps) {
  const look = TONES[tone];
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, i) => (
          <tr key={i} className={`border-b ${look.row}`}>
            <td className="py-1.5 pr-3">
              {line.quantity} × {line.name}
              {line.quantity > 1 && <span className={`block text-xs ${look.muted}`}>{formatCents(line.unitCents)} each</span>}
            </td>
            <td className="py-1.5 text-right align-top tabular-nums">{formatCents(line.amountCents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" className="pt-2 text-left font-semibold">
            Total
          </th>
          <td className={`whitespace-nowrap pt-2 text-right font-semibold tabular-nums ${look.total}`}>{priceText(totalCents, isFrom)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
