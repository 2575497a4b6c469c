import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { DEFAULT_BUSINESS_TZ } from '../../shared/constants';
import { todayInZone } from '../../shared/business-time';
import { fromIsoDate } from './dates';
import { useSiteConfig } from './site-config';

/** Today on the business clock: `iso` (yyyy-MM-dd) for comparisons, `date` (local midnight) for the calendars. */
export interface BusinessToday {
  iso: string;
  date: Date;
}

/**
 * The business's day the server rendered the page for (`data-today` on the root, /book's), or
 * null: the first render in the browser shows that day, as the HTML it hydrates does.
 */
export const RenderedToday = createContext<string | null>(null);

/**
 * Today on the business clock, in the server's configured zone once known. With `afterMount`,
 * the first render shows the day the server rendered the page for (null where it rendered none):
 * a server-rendered page (/book) shows nothing that depends on the browser's clock until it has
 * hydrated, and then today's.
 */
export function useBusinessToday(): BusinessToday;
export function useBusinessToday(options: { afterMount: true }): BusinessToday | null;
export function useBusinessToday(options: { afterMount?: boolean } = {}): BusinessToday | null {
  const config = useSiteConfig();
  const rendered = useContext(RenderedToday);
  const timeZone = config.data?.business.timeZone ?? DEFAULT_BUSINESS_TZ;
  const [mounted, setMounted] = useState(!options.afterMount);
  useEffect(() => setMounted(true), []);
  const today = useMemo(() => {
    const iso = todayInZone(new Date(), timeZone);
    return { iso, date: fromIsoDate(iso) };
  }, [timeZone]);
  const first = useMemo(() => (rendered ? { iso: rendered, date: fromIsoDate(rendered) } : null), [rendered]);
  if (mounted) return today.iso === first?.iso ? first : today;
  return first;
}
