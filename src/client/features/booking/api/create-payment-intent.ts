import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';

export function createPaymentIntent(bookingId: number): Promise<{ clientSecret: string }> {
  return apiJson('POST', '/api/create-payment-intent', import('../../../../shared/schemas/booking').then((m) => m.paymentIntentSchema), { bookingId });
}

export function useCreatePaymentIntent() {
  return useMutation({ mutationFn: createPaymentIntent });
}
