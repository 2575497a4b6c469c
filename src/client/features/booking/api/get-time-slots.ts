import { useQuery } from '@tanstack/react-query';
import type { TimeSlot } from '../../../../shared/schemas/booking';
import { bookingKeys } from './booking-keys';

/** The available slots of one business day; nothing is fetched until a date is chosen. */
export function useTimeSlots(isoDate: string | null) {
  return useQuery<TimeSlot[]>({
    queryKey: bookingKeys.slots(isoDate ?? ''),
    enabled: isoDate !== null,
  });
}
