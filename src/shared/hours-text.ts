import { clockLabel, WEEKDAY_NAMES } from './business-time';

/** One weekday's hours as settings and GET /api/config carry them: "HH:mm" on the business clock, or closed. */
export type DayHours = { open: string; close: string } | null;
export type WeeklyHoursRecord = Record<string, DayHours>;

/** The week as people read a business's hours: Monday first, Sunday last. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

/**
 * The "Business Hours" lines every page shows, consecutive days with the same hours grouped:
 * the default week reads 'Monday - Friday: 8:00 AM - 6:00 PM', 'Saturday: 9:00 AM - 4:00 PM',
 * 'Sunday: Closed', as the spec writes them.
 */
export function hoursLines(hours: WeeklyHoursRecord): string[] {
  const groups: { days: number[]; text: string }[] = [];
  for (const day of WEEK) {
    const h = hours[String(day)] ?? null;
    const text = h ? `${clockLabel(h.open)} - ${clockLabel(h.close)}` : 'Closed';
    const last = groups[groups.length - 1];
    if (last && last.text === text) last.days.push(day);
    else groups.push({ days: [day], text });
  }
  return groups.map(({ days, text }) => {
    const first = WEEKDAY_NAMES[days[0]!]!;
    const label = days.length === 1 ? first : days.length === 2 ? `${first} & ${WEEKDAY_NAMES[days[1]!]}` : `${first} - ${WEEKDAY_NAMES[days[days.length - 1]!]}`;
    return `${label}: ${text}`;
  });
}
