import { formatDistanceStrict } from 'date-fns';

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

export function eventsLabel(count: number): string {
  return count === 1 ? '1 busy time' : `${count} busy times`;
}

/** "90401, 90291 90402" -> ['90291', '90401', '90402'] (the schema checks each is 5 digits). */
export function parseZips(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter(Boolean))].sort();
}
