import { useQuery } from '@tanstack/react-query';
import type { TimeSlot } from '../../../../shared/schemas/booking';
import { getJson } from '../../../lib/api';
import { bookingKeys, type SlotsJob } from './booking-keys';

/**
 * The open starts of one `yyyy-MM-dd` business day for a service's job length, or for the job
 * picked from its price list (`job`: its booked length and crew need); a one-hour job when no
 * service is given.
 */
export function getTimeSlots(isoDate: string, serviceType?: string | null, job?: SlotsJob | null): Promise<TimeSlot[]> {
  // The schema (and zod) loads beside the request: /book wakes without them (decision 0026).
  return getJson(
    bookingKeys.slots(isoDate, serviceType, job)[0],
    import('../../../../shared/schemas/booking').then((m) => m.timeSlotsSchema),
  );
}

/** The open starts of one business day; nothing is fetched until a date is chosen. */
export function useTimeSlots(isoDate: string | null, serviceType?: string | null, job?: SlotsJob | null) {
  return useQuery({
    queryKey: bookingKeys.slots(isoDate ?? '', serviceType, job),
    queryFn: () => getTimeSlots(isoDate!, serviceType, job),
    enabled: isoDate !== null,
  });
}
