import { clockLabel, WEEKDAY_NAMES } from './business-time';

/** One weekday's hours as settings and GET /api/config carry them: "HH:mm" on the business clock, or closed. */
export type DayHours = { open: string; close: string } | null;
export type WeeklyHoursRecord = Record<string, DayHours>;

/** The week as people read a business's hours: Monday first, Sunday last. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

/** Runs of consecutive days, Monday first, that share the same `text` of their hours (null: closed). */
function weekRuns(hours: WeeklyHoursRecord, text: (h: { open: string; close: string }) => string): { days: number[]; text: string | null }[] {
  const runs: { days: number[]; text: string | null }[] = [];
  for (const day of WEEK) {
    const h = hours[String(day)] ?? null;
    const label = h ? text(h) : null;
    const last = runs[runs.length - 1];
    if (last && last.text === label) last.days.push(day);
    else runs.push({ days: [day], text: label });
  }
  return runs;
}

/**
 * The "Business Hours" lines every page shows, consecutive days with the same hours grouped:
 * the default week reads 'Monday - Friday: 8:00 AM - 6:00 PM', 'Saturday: 9:00 AM - 4:00 PM',
 * 'Sunday: Closed', as the spec writes them.
 */
export function hoursLines(hours: WeeklyHoursRecord): string[] {
  return weekRuns(hours, (h) => `${clockLabel(h.open)} - ${clockLabel(h.close)}`).map(({ days, text }) => {
    const first = WEEKDAY_NAMES[days[0]!]!;
    const label = days.length === 1 ? first : days.length === 2 ? `${first} & ${WEEKDAY_NAMES[days[1]!]}` : `${first} - ${WEEKDAY_NAMES[days[days.length - 1]!]}`;
    return `${label}: ${text ?? 'Closed'}`;
  });
}

/**
 * The weekly hours in one sentence for the owner, days with the same hours grouped:
 * "Open Mondays to Fridays 8:00 AM to 6:00 PM, Saturdays 9:00 AM to 4:00 PM. Closed Sundays."
 */
export function hoursSentence(hours: WeeklyHoursRecord): string {
  const plural = (day: number) => `${WEEKDAY_NAMES[day]!}s`;
  const runs = weekRuns(hours, (h) => `${clockLabel(h.open)} to ${clockLabel(h.close)}`);
  const dayRange = (days: number[]) =>
    days.length === 1 ? plural(days[0]!) : days.length === 2 ? `${plural(days[0]!)} and ${plural(days[1]!)}` : `${plural(days[0]!)} to ${plural(days[days.length - 1]!)}`;
  const open = runs.filter((r) => r.text).map((r) => `${dayRange(r.days)} ${r.text}`);
  const closed = runs.filter((r) => !r.text).flatMap((r) => r.days.map(plural));
  const parts = [];
  if (open.length) parts.push(`Open ${open.join(', ')}.`);
  if (closed.length) parts.push(`Closed ${closed.length === 1 ? closed[0] : `${closed.slice(0, -1).join(', ')} and ${closed[closed.length - 1]}`}.`);
  return parts.join(' ');
}
