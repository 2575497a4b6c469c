import { useMemo } from 'react';
import { parseISO } from 'date-fns';
import { DEFAULT_BUSINESS_TZ } from '../../../../shared/constants';
import { useSiteConfig } from '../../../lib/site-config';
import { todayInZone } from '../../../features/dashboard/utils/booking-filters';

/**
 * Today on the business clock: `iso` as yyyy-MM-dd for comparisons, `date` as a local-midnight
 * Date for the calendar. Uses the server's configured zone once known.
 */
export function useBusinessToday(): { iso: string; date: Date } {
  const config = useSiteConfig();
  const timeZone = config.data?.business.timeZone ?? DEFAULT_BUSINESS_TZ;
  return useMemo(() => {
    const iso = todayInZone(timeZone);
    return { iso, date: parseISO(iso) };
  }, [timeZone]);
}
