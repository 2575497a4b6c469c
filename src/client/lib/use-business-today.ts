import { useEffect, useMemo, useState } from 'react';
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
 * Today on the business clock, in the server's configured zone once known. With `afterMount`,
 * null on the first render: a server-rendered page (/book) must not show anything that depends on the
 * day it was built.
 */
export function useBusinessToday(): BusinessToday;
export function useBusinessToday(options: { afterMount: true }): BusinessToday | null;
export function useBusinessToday(options: { afterMount?: boolean } = {}): BusinessToday | null {
  const config = useSiteConfig();
  const timeZone = config.data?.business.timeZone ?? DEFAULT_BUSINESS_TZ;
  const [mounted, setMounted] = useState(!options.afterMount);
  useEffect(() => setMounted(true), []);
  const today = useMemo(() => {
    const iso = todayInZone(new Date(), timeZone);
    return { iso, date: fromIsoDate(iso) };
  }, [timeZone]);
  return mounted ? today : null;
}
