import { useMutation } from '@tanstack/react-query';
import type { Booking, CreateBookingInput } from '../../../../shared/schemas/booking';
import { apiJson } from '../../../lib/api';

export function createBooking(input: CreateBookingInput): Promise<Booking> {
  return apiJson('POST', '/api/bookings', import('../../../../shared/schemas/booking').then((m) => m.bookingSchema), input);
}

export function useCreateBooking() {
  return useMutation({ mutationFn: createBooking });
}
