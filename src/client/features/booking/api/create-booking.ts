import { useMutation } from '@tanstack/react-query';
import type { Booking, CreateBookingInput } from '../../../../shared/schemas/booking';
import { apiJson } from '../../../lib/api';

export function createBooking(input: CreateBookingInput): Promise<Booking> {
  return apiJson<Booking>('POST', '/api/bookings', input);
}

export function useCreateBooking() {
  return useMutation({ mutationFn: createBooking });
}
