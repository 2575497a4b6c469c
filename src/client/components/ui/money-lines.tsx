import { formatCents } from '../../../shared/money';

export interface MoneyLine {
  label: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
}

/** A row under the lines: a sum (Total), or an amount taken off it (`credit`: a discount, the deposit). */
export interface MoneyRow {
  label: string;
  cents: number;
  credit?: boolean;
  /** A total the eye looks for: larger, with a rule above it. */
  strong?: boolean;
}

interface MoneyLinesProps {
  /** Names the table for screen readers. */
  caption: string;
  columns: readonly [string, string];
  lines: readonly MoneyLine[];
  rows: readonly MoneyRow[];
  /** "$238.00" rather than "$238": money being paid or received. */
  alwaysCents?: boolean;
}

/**
 * Priced lines ("2 × Dresser", "$89.00 each", the amount) and the sums under them: a quote's
 * total; an invoice's subtotal, discount, tax, total, deposit and balance.
 */
export function MoneyLines({ caption, columns, lines, rows, alwaysCents = false }: MoneyLinesProps) {
  const money = (cents: number) => formatCents(cents, { grouped: true, alwaysCents });
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-neutral-300 text-left text-neutral-700">
        <tr>
          <th scope="col" className="pb-2 font-semibold">
            {columns[0]}
          </th>
          <th scope="col" className="pb-2 text-right font-semibold">
            {columns[1]}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, i) => (
          <tr key={i} className="border-b border-neutral-200 align-top">
            <td className="py-2 pr-3 text-ink-950">
              {line.quantity} × {line.label}
              {line.quantity > 1 && <span className="block text-xs text-neutral-600">{money(line.unitCents)} each</span>}
            </td>
            <td className="py-2 text-right tabular-nums text-ink-950">{money(line.amountCents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {rows.map(({ label, cents, credit, strong }, i) => (
          <tr key={label} className={strong && i > 0 ? 'border-t border-neutral-300' : undefined}>
            <th scope="row" className={`text-left ${strong ? 'pt-3 pb-1 text-base font-bold text-ink-950' : 'pt-2 pb-1 font-normal text-neutral-700'}`}>
              {label}
            </th>
            <td className={`whitespace-nowrap text-right tabular-nums ${strong ? 'pt-3 pb-1 text-base font-bold text-ink-950' : 'pt-2 pb-1 text-neutral-800'}`}>
              {credit ? `−${money(cents)}` : money(cents)}
            </td>
          </tr>
        ))}
      </tfoot>
    </table>
  );
}
