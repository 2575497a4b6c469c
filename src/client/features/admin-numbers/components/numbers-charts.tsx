import { useId, type ReactNode } from 'react';
import { useElementWidth } from '../hooks/use-element-width';
import { niceScale } from '../utils/numbers-format';
import { cardClass } from '../../../components/admin/styles';

/** A chart's card: a title, a one-line summary, the drawing, and the same figures as a table. */
export function ChartCard({ title, summary, children, table }: { title: string; summary: ReactNode; children: ReactNode; table: ReactNode }) {
  const id = useId();
  return (
    <section className={`${cardClass} min-w-0 p-4 sm:p-5`} aria-labelledby={id}>
      <h2 id={id} className="text-lg font-bold text-ink-950">
        {title}
      </h2>
      <p className="mt-1 text-sm text-neutral-700">{summary}</p>
      <div className="mt-3">{children}</div>
      <details className="mt-3 text-sm">
        <summary className="inline-flex min-h-10 cursor-pointer items-center font-semibold text-gold-800 underline underline-offset-2">Show as table</summary>
        <div className="mt-2 overflow-x-auto">{table}</div>
      </details>
    </section>
  );
}

export const tableClass = 'w-full min-w-[16rem] border-collapse text-left text-sm [&_td]:border-t [&_td]:border-neutral-200 [&_td]:px-2 [&_td]:py-1.5 [&_th]:px-2 [&_th]:py-1.5 [&_th]:font-semibold [&_thead_th]:text-neutral-800';

export type BarWhen = 'past' | 'current' | 'future';

export interface BarSeries {
  name: string;
  /** Fill of past and current bars. */
  color: string;
}

export interface BarDatum {
  key: string;
  /** Shown under the bar (only some, when they would crowd). */
  label: string;
  values: number[];
  when: BarWhen;
}

const FUTURE_PATTERN_OPACITY = 0.35;

const AXIS_TEXT = '#404040';
const GRID = '#e5e5e5';

/**
 * Vertical bars per week, one or two series side by side. Future weeks are drawn light and
 * outlined with a dashed edge (not by colour alone), with a "Now" line before them. Drawn at the
 * element's own width; the card's table carries the figures for screen readers.
 */
export function WeekBars({ data, series, format, label, height = 200 }: { data: BarDatum[]; series: BarSeries[]; format: (v: number) => string; label: string; height?: number }) {
  const { ref, width } = useElementWidth<HTMLDivElement>(320);
  const max = Math.max(0, ...data.flatMap((d) => d.values));
  const scale = niceScale(max);
  const tickText = scale.ticks.map(format);
  const left = Math.max(...tickText.map((t) => t.length)) * 7 + 10;
  const right = 6;
  const top = 18;
  const bottom = 24;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const slot = plotW / Math.max(1, data.length);
  const groupW = Math.min(slot * 0.72, 44);
  const barW = groupW / series.length;
  const y = (v: number) => top + plotH - (v / scale.top) * plotH;
  // Labels need about 42 px each ("Sep 28"); skip some when the bars are narrow.
  const every = Math.max(1, Math.ceil(42 / slot));
  const firstFuture = data.findIndex((d) => d.when === 'future');
  // This week's label always shows (in bold); others too close to it give way.
  const current = data.findIndex((d) => d.when === 'current');
  const labelled = new Set(data.map((_, i) => i).filter((i) => i % every === 0 && (current < 0 || i === current || Math.abs(i - current) >= every)));
  if (current >= 0) labelled.add(current);

  return (
    <div ref={ref} className="w-full">
      <svg width={width} height={height} role="img" aria-label={label} className="block overflow-visible">
        {scale.ticks.map((t, i) => (
          <g key={t}>
            <line x1={left} x2={width - right} y1={y(t)} y2={y(t)} stroke={GRID} />
            <text x={left - 6} y={y(t)} dy="0.32em" textAnchor="end" fontSize="11" fill={AXIS_TEXT}>
              {tickText[i]}
            </text>
          </g>
        ))}
        {firstFuture > 0 && (
          <g>
            <line x1={left + firstFuture * slot} x2={left + firstFuture * slot} y1={top - 14} y2={top + plotH} stroke="#0a0a0a" strokeDasharray="3 3" />
            <text
              x={left + firstFuture * slot + (width - right - (left + firstFuture * slot) >= 90 ? 4 : -4)}
              y={top - 5}
              textAnchor={width - right - (left + firstFuture * slot) >= 90 ? 'start' : 'end'}
              fontSize="11"
              fontWeight="600"
              fill="#0a0a0a"
            >
              Coming weeks
            </text>
          </g>
        )}
        {data.map((d, i) => {
          const x0 = left + i * slot + (slot - groupW) / 2;
          return (
            <g key={d.key} data-when={d.when}>
              {d.values.map((v, s) => {
                const h = Math.max(0, y(0) - y(v));
                const color = series[s]?.color ?? '#9c7a17';
                const future = d.when === 'future';
                return (
                  <rect
                    key={s}
                    x={x0 + s * barW + 0.5}
                    y={y(v)}
                    width={Math.max(1, barW - 1)}
                    height={h}
                    rx="2"
                    fill={color}
                    fillOpacity={future ? FUTURE_PATTERN_OPACITY : 1}
                    stroke={future ? color : d.when === 'current' ? '#0a0a0a' : 'none'}
                    strokeWidth={future || d.when === 'current' ? 1.5 : 0}
                    strokeDasharray={future ? '3 2' : undefined}
                  />
                );
              })}
              {labelled.has(i) && (
                <text x={left + i * slot + slot / 2} y={height - 6} textAnchor="middle" fontSize="11" fontWeight={d.when === 'current' ? 700 : 400} fill={AXIS_TEXT}>
                  {d.label}
                </text>
              )}
            </g>
          );
        })}
        <line x1={left} x2={width - right} y1={y(0)} y2={y(0)} stroke="#737373" />
      </svg>
    </div>
  );
}

/** The key under a chart: each series' colour, and how past, current and coming weeks look. */
export function ChartLegend({ series, showWhen = true }: { series: BarSeries[]; showWhen?: boolean }) {
  const color = series[0]?.color ?? '#9c7a17';
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-neutral-700">
      {series.length > 1 &&
        series.map((s) => (
          <li key={s.name} className="inline-flex items-center gap-1.5">
            <span className="inline-block h-3 w-3 rounded-sm" style={{ background: s.color }} aria-hidden="true" />
            {s.name}
          </li>
        ))}
      {showWhen && (
        <>
          <li className="inline-flex items-center gap-1.5">
            <span className="inline-block h-3 w-3 rounded-sm outline outline-1 outline-ink-950" style={{ background: color }} aria-hidden="true" />
            This week (outlined)
          </li>
          <li className="inline-flex items-center gap-1.5">
            <span className="relative inline-block h-3 w-3 rounded-sm border border-dashed" style={{ borderColor: color }} aria-hidden="true">
              <span className="absolute inset-0" style={{ background: color, opacity: FUTURE_PATTERN_OPACITY }} />
            </span>
            Coming weeks (light, dashed): booked so far
          </li>
        </>
      )}
    </ul>
  );
}

/** Horizontal bars with their label above and value at the end (long names fit on a phone). */
export function LabelledBars({ rows, label, format }: { rows: { key: string; label: string; value: number }[]; label: string; format: (v: number) => string }) {
  const { ref, width } = useElementWidth<HTMLDivElement>(320);
  const rowH = 42;
  const height = rows.length * rowH;
  const max = Math.max(1, ...rows.map((r) => r.value));
  const valueRoom = 44;
  const barMax = width - valueRoom;
  return (
    <div ref={ref} className="w-full">
      <svg width={width} height={height} role="img" aria-label={label} className="block">
        {rows.map((r, i) => {
          const y0 = i * rowH;
          const w = Math.max(r.value > 0 ? 3 : 0, (r.value / max) * barMax);
          return (
            <g key={r.key}>
              <text x={0} y={y0 + 13} fontSize="13" fill="#171717">
                {r.label}
              </text>
              <rect x={0} y={y0 + 19} width={barMax} height={14} rx="3" fill="#f5f5f5" />
              <rect x={0} y={y0 + 19} width={w} height={14} rx="3" fill="#9c7a17" />
              <text x={w + 6} y={y0 + 30} fontSize="12" fontWeight="700" fill="#0a0a0a">
                {format(r.value)}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}

/** A horizontal meter of `rate` (0..1, drawn capped at 1). */
export function FillMeter({ rate, label }: { rate: number | null; label: string }) {
  const { ref, width } = useElementWidth<HTMLDivElement>(320);
  const shown = Math.min(1, Math.max(0, rate ?? 0));
  return (
    <div ref={ref} className="w-full">
      <svg width={width} height={28} role="img" aria-label={label} className="block">
        <rect x={0} y={4} width={width} height={20} rx="10" fill="#f5ebcc" stroke="#9c7a17" />
        <rect x={0} y={4} width={shown > 0 ? Math.max(20, shown * width) : 0} height={20} rx="10" fill="#0a0a0a" />
        {[0.25, 0.5, 0.75].map((m) => (
          <line key={m} x1={m * width} x2={m * width} y1={4} y2={24} stroke="#9c7a17" strokeOpacity="0.6" />
        ))}
      </svg>
      <div className="mt-1 flex justify-between text-xs text-neutral-700" aria-hidden="true">
        <span>0%</span>
        <span>50%</span>
        <span>100%</span>
      </div>
    </div>
  );
}
