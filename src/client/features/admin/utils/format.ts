import { format, formatDistanceStrict, parseISO } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { DEFAULT_BUSINESS_TZ, serviceTypeLabel } from '../../../../shared/constants';
import type { AdminBooking } from '../../../../shared/schemas/admin';

export { serviceTypeLabel };

/** 'yyyy-MM-dd' (a calendar date, no zone) as 'EEE, MMM d, yyyy'. */
export function formatShortDate(isoDate: string): string {
  const date = parseISO(isoDate);
  return Number.isNaN(date.getTime()) ? isoDate : format(date, 'EEE, MMM d, yyyy');
}

/** 'yyyy-MM-dd' as 'MMMM d, yyyy'. */
export function formatBookingDate(isoDate: string): string {
  const date = parseISO(isoDate);
  return Number.isNaN(date.getTime()) ? isoDate : format(date, 'MMMM d, yyyy');
}

/** An ISO instant shown on the business's clock, e.g. 'Oct 1, 2026, 9:05 AM'. */
export function formatInstant(iso: string, timeZone = DEFAULT_BUSINESS_TZ): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return format(new TZDate(date.getTime(), timeZone), 'MMM d, yyyy, h:mm a');
}

/** Today on the business's calendar, 'yyyy-MM-dd' (call after mount: it depends on the clock). */
export function businessToday(now = new Date(), timeZone = DEFAULT_BUSINESS_TZ): string {
  return format(new TZDate(now.getTime(), timeZone), 'yyyy-MM-dd');
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;

/** The deposit's state in a few words for the owner. */
export function depositLabel(b: Pick<AdminBooking, 'depositPaid' | 'depositAmount' | 'refundStatus'>): string {
  if (!b.depositPaid) return 'Not paid';
  switch (b.refundStatus) {
    case 'refunded':
      return `${dollars(b.depositAmount)} refunded`;
    case 'pending':
      return 'Refund pending';
    case 'failed':
      return 'Refund failed';
    case 'kept':
      return `${dollars(b.depositAmount)} kept`;
    default:
      return `${dollars(b.depositAmount)} paid`;
  }
}

export function depositAmountLabel(cents: number): string {
  return dollars(cents);
}

export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** A calendar's secret address shortened to its host: "calendar.google.com…". */
export function shortFeedUrl(url: string): string {
  try {
    return `${new URL(url).host}…`;
  } catch {
    return 'Hidden address…';
  }
}

/** "Synced 3 minutes ago", "Synced just now" or "Never synced". */
export function syncedInWords(iso: string | null, now = new Date()): string {
  if (!iso) return 'Never synced';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return 'Never synced';
  if (now.getTime() - at.getTime() < 60_000) return 'Synced just now';
  return `Synced ${formatDistanceStrict(at, now)} ago`;
}

/** A job length in words (see shared/duration-text). */
export { durationText as durationLabel } from '../../../../shared/duration-text';

const DAY_NAMES = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'];

/** '13:30' -> '1:30 PM'. */
function clockLabel(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const hour = h % 24;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(m).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

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
