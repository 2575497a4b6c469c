import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  manageCancelResponseSchema,
  managedBookingSchema,
  manageMoveResponseSchema,
  moveSlotsSchema,
  type ManageCancelResponse,
  type ManagedBooking,
  type ManageMoveResponse,
  type MoveOwnBookingInput,
} from '../../../../shared/schemas/manage';
import { apiJson, getJson } from '../../../lib/api';

/** Query keys of the manage feature; the first element is always the URL read. */
export const manageKeys = {
  booking: (token: string) => [`/api/manage/${token}`] as const,
  slotsOf: (token: string) => [`/api/manage/${token}/slots`] as const,
};

const base = (token: string) => `/api/manage/${encodeURIComponent(token)}`;

export function getManagedBooking(token: string): Promise<ManagedBooking> {
  return getJson(base(token), managedBookingSchema);
}

export async function getMoveSlots(token: string, date: string): Promise<string[]> {
  const slots = await getJson(`${base(token)}/slots?date=${encodeURIComponent(date)}`, moveSlotsSchema);
  return slots.map((s) => s.slotTime);
}

export function cancelManagedBooking(token: string): Promise<ManageCancelResponse> {
  return apiJson('POST', `${base(token)}/cancel`, manageCancelResponseSchema, {});
}

export function moveManagedBooking(token: string, input: MoveOwnBookingInput): Promise<ManageMoveResponse> {
  return apiJson('POST', `${base(token)}/move`, manageMoveResponseSchema, input);
}

/** The .ics download of the booking the link opens. */
export function managedBookingIcsUrl(token: string): string {
  return `${base(token)}/ics`;
}

export function useManagedBooking(token: string) {
  // A 404 is the answer (a dead link), not a hiccup worth retrying.
  return useQuery({ queryKey: manageKeys.booking(token), queryFn: () => getManagedBooking(token), retry: false });
}

export function useCancelManagedBooking(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelManagedBooking(token),
    onSuccess: (result) => queryClient.setQueryData(manageKeys.booking(token), result.booking),
  });
}

export function useMoveManagedBooking(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MoveOwnBookingInput) => moveManagedBooking(token, input),
    onSuccess: (result) => {
      queryClient.setQueryData(manageKeys.booking(token), result.booking);
      void queryClient.invalidateQueries({ queryKey: manageKeys.slotsOf(token) });
    },
  });
}
