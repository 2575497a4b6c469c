import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';

export function createPaymentIntent(bookingId: number): Promise<{ clientSecret: string }> {
  return apiJson<{ clientSecret: string }>('POST', '/api/create-payment-intent', { bookingId });
}

export function useCreatePaymentIntent() {
  return useMutation({ mutationFn: createPaymentIntent });
}
