import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';
import { messageSchema } from '../../../../shared/schemas/common';

/** Texts the customer of booking `id` that the crew is on its way (at most once per 10 minutes). */
export function sendOnMyWay(id: number) {
  return apiJson('POST', `/api/admin/bookings/${id}/on-my-way`, messageSchema);
}

export function useSendOnMyWay() {
  return useMutation({ mutationFn: sendOnMyWay });
}
