import type { ReactNode } from 'react';
import { tableClass } from './numbers-charts';

interface FigureTableProps<R> {
  /** What the table shows, for screen readers. */
  caption: string;
  /** The column heads, the rows' own (a week, a day, a service) first. */
  heads: string[];
  rows: R[];
  rowKey: (row: R) => string;
  /** A row's head cell, then its figures, one per column after the first. */
  rowHead: (row: R) => ReactNode;
  cells: (row: R) => ReactNode[];
  rowHeadClass?: string;
  rowClass?: (row: R) => string | undefined;
  /** The one row that says so when there are no rows. */
  empty?: string;
}

/** A chart's figures as a table: its alternative for screen readers and for reading exact values. */
export function FigureTable<R>({ caption, heads, rows, rowKey, rowHead, cells, rowHeadClass = 'font-normal', rowClass, empty }: FigureTableProps<R>) {
  return (
    <table className={tableClass}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {heads.map((head) => (
            <th key={head} scope="col">
              {head}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className={rowClass?.(row)}>
            <th scope="row" className={rowHeadClass}>
              {rowHead(row)}
            </th>
            {cells(row).map((cell, i) => (
              <td key={i}>{cell}</td>
            ))}
          </tr>
        ))}
        {rows.length === 0 && empty && (
          <tr>
            <td colSpan={heads.length}>{empty}</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
