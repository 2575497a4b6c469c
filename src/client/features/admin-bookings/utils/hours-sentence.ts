import { clockLabel } from '../../../../shared/business-time';

const DAY_NAMES = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'];

/**
 * The weekly hours of GET /api/config in one sentence, days with the same hours grouped:
 * "Open Mondays to Fridays 8:00 AM to 6:00 PM, Saturdays 9:00 AM to 4:00 PM. Closed Sundays."
 */
export function hoursSentence(hours: Record<string, { open: string; close: string } | null>): string {
  const order = [1, 2, 3, 4, 5, 6, 0];
  const groups: { days: number[]; label: string | null }[] = [];
  for (const d of order) {
    const h = hours[String(d)] ?? null;
    const label = h ? `${clockLabel(h.open)} to ${clockLabel(h.close)}` : null;
    const last = groups[groups.length - 1];
    if (last && last.label === label) last.days.push(d);
    else groups.push({ days: [d], label });
  }
  const dayRange = (days: number[]) =>
    days.length === 1 ? DAY_NAMES[days[0]!]! : days.length === 2 ? `${DAY_NAMES[days[0]!]} and ${DAY_NAMES[days[1]!]}` : `${DAY_NAMES[days[0]!]} to ${DAY_NAMES[days[days.length - 1]!]}`;
  const open = groups.filter((g) => g.label).map((g) => `${dayRange(g.days)} ${g.label}`);
  const closed = groups.filter((g) => !g.label).flatMap((g) => g.days.map((d) => DAY_NAMES[d]!));
  const parts = [];
  if (open.length) parts.push(`Open ${open.join(', ')}.`);
  if (closed.length) parts.push(`Closed ${closed.length === 1 ? closed[0] : `${closed.slice(0, -1).join(', ')} and ${closed[closed.length - 1]}`}.`);
  return parts.join(' ');
}
