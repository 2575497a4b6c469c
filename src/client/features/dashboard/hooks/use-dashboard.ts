import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DashboardBooking } from '../../../../shared/schemas/dashboard';
import type { MoveOwnBookingInput } from '../../../../shared/schemas/manage';
import {
  blockTime,
  cancelBooking,
  dashboardKeys,
  getAvailableTimes,
  getBlockedTimes,
  getDashboardBookings,
  moveBooking,
  requestReschedule,
  unblockTime,
  updateProfile,
} from '../api/dashboard-api';

export function useDashboardBookings() {
  return useQuery({ queryKey: dashboardKeys.bookings(), queryFn: getDashboardBookings });
}

/** Puts the server's updated booking into the cached list, then refetches to stay exact. */
function useBookingUpdater() {
  const queryClient = useQueryClient();
  return async (booking: DashboardBooking | undefined) => {
    if (booking) {
      queryClient.setQueryData<DashboardBooking[]>(dashboardKeys.bookings(), (list) =>
        list?.map((b) => (b.id === booking.id ? { ...b, ...booking } : b)),
      );
    }
    await queryClient.invalidateQueries({ queryKey: dashboardKeys.bookings() });
  };
}

export function useCancelBooking() {
  const update = useBookingUpdater();
  return useMutation({ mutationFn: cancelBooking, onSuccess: (result) => update(result?.booking) });
}

export function useRequestReschedule() {
  const update = useBookingUpdater();
  return useMutation({ mutationFn: requestReschedule, onSuccess: (result) => update(result?.booking) });
}

export function useMoveBooking(id: number) {
  const update = useBookingUpdater();
  return useMutation({ mutationFn: (input: MoveOwnBookingInput) => moveBooking(id, input), onSuccess: (result) => update(result?.booking) });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}

export function useAvailableTimes(date: string | null) {
  return useQuery({
    queryKey: dashboardKeys.availability(date ?? ''),
    queryFn: () => getAvailableTimes(date!),
    enabled: date !== null,
    // Slots close as others book: always ask again for a date picked anew.
    staleTime: 0,
  });
}

export function useBlockedTimes(startDate: string, endDate: string) {
  return useQuery({ queryKey: dashboardKeys.blockedTimes(startDate, endDate), queryFn: () => getBlockedTimes(startDate, endDate) });
}

function useCalendarRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: dashboardKeys.blockedTimesAll() }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.availabilityAll() }),
    ]);
}

export function useBlockTime() {
  const refresh = useCalendarRefresh();
  return useMutation({ mutationFn: blockTime, onSuccess: refresh });
}

export function useUnblockTime() {
  const refresh = useCalendarRefresh();
  return useMutation({ mutationFn: unblockTime, onSuccess: refresh });
}
