import { useMutation } from '@tanstack/react-query';
import { paymentIntentSchema } from '../../../../shared/schemas/booking';
import { apiJson } from '../../../lib/api';

export function createPaymentIntent(bookingId: number): Promise<{ clientSecret: string }> {
  return apiJson('POST', '/api/create-payment-intent', paymentIntentSchema, { bookingId });
}

export function useCreatePaymentIntent() {
  return useMutation({ mutationFn: createPaymentIntent });
}
