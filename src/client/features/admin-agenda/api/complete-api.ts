import { apiJson } from '../../../lib/api';
import { useRefreshingMutation } from '../../../lib/admin-api';
import { adminBookingActionSchema } from '../../../../shared/schemas/admin';

/**
 * Completes booking `id`, with how long the job really took when the owner says (minutes). Today
 * closes the job with its invoice: the review request goes with the receipt (one message after
 * the job), or now when nothing is left to pay.
 */
export function completeJob({ id, actualMinutes }: { id: number; actualMinutes?: number }) {
  return apiJson('POST', `/api/admin/bookings/${id}/status`, adminBookingActionSchema, { status: 'completed', actualMinutes, reviewWithReceipt: true });
}

// The day's jobs, the bookings list, and the price list's real times all change.
export const useCompleteJob = () => useRefreshingMutation(completeJob, '/api/admin/agenda', '/api/admin/bookings', '/api/admin/price-items');
