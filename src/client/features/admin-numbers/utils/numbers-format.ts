import { formatMonthDay, formatWeekdayDay } from '../../../../shared/business-time';
import { formatDollars } from '../../../../shared/money';

/** Formatting and scales of the Numbers tab (dates are `yyyy-MM-dd` on the business's calendar). */

/** '2026-07-20' -> 'Jul 20'. */
export const shortDay = formatMonthDay;

/** '2026-10-07' -> 'Wed, Oct 7'. */
export const weekdayDay = formatWeekdayDay;

/** A Monday-started week: '2026-07-20' -> 'Jul 20 – Jul 26'. */
export function weekRange(monday: string): string {
  const [y = 0, m = 1, d = 1] = monday.split('-').map(Number);
  const sunday = new Date(Date.UTC(y, m - 1, d + 6)).toISOString().slice(0, 10);
  return `${shortDay(monday)} – ${shortDay(sunday)}`;
}

/** 1250 -> '$1,250'; 12.5 -> '$12.50'. */
export function money(dollars: number): string {
  return formatDollars(dollars, { grouped: true });
}

/** 0.0585 -> '6%'; 0.004 -> 'under 1%'; null -> 'no open time'. */
export function percent(rate: number | null): string {
  if (rate === null) return 'No open time';
  if (rate > 0 && rate < 0.005) return 'Under 1%';
  return `${Math.round(rate * 100)}%`;
}

/** Minutes as hours for people: 90 -> '1.5 h', 600 -> '10 h'. */
export function hours(minutes: number): string {
  const h = minutes / 60;
  return `${Number.isInteger(h) ? h : h.toFixed(1)} h`;
}

/**
 * A y-axis for values up to `max`: a round step (1, 2 or 5 times a power of ten, whole numbers
 * only) and a top that is a multiple of it, about four steps in all. An empty chart gets 0..4.
 */
export function niceScale(max: number): { top: number; step: number; ticks: number[] } {
  if (!(max > 0)) return { top: 4, step: 1, ticks: [0, 1, 2, 3, 4] };
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((f) => f * power).find((s) => s >= rough) ?? 10 * power);
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let v = 0; v <= top + step / 2; v += step) ticks.push(v);
  return { top, step, ticks };
}
