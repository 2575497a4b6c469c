import { useMutation } from '@tanstack/react-query';
import { bookingSchema, type Booking, type CreateBookingInput } from '../../../../shared/schemas/booking';
import { apiJson } from '../../../lib/api';

export function createBooking(input: CreateBookingInput): Promise<Booking> {
  return apiJson('POST', '/api/bookings', bookingSchema, input);
}

export function useCreateBooking() {
  return useMutation({ mutationFn: createBooking });
}
