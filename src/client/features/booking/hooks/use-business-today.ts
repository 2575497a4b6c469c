import { useEffect, useState } from 'react';
import { businessToday } from '../utils/business-date';

/**
 * Today in the business's zone, or null until mounted: /book's HTML is rendered on the server and
 * kept until the content changes (src/server/plugins/pages.ts), possibly for days, so nothing
 * that depends on the current date may appear in the first render.
 */
export function useBusinessToday(timeZone: string): Date | null {
  const [today, setToday] = useState<Date | null>(null);
  useEffect(() => {
    setToday(businessToday(timeZone));
  }, [timeZone]);
  return today;
}
