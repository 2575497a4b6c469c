import { toast } from '../../../components/ui/use-toast';
import type { AdminBookingAction } from '../../../../shared/schemas/admin';

/** A toast for a booking action's reply; a refund that did not go through is shown as a problem. */
export function actionToast(title: string, result: AdminBookingAction) {
  if (result.refundStatus === 'failed') toast({ title: `${title}: refund failed`, description: result.message, variant: 'destructive' });
  else toast({ title, description: result.message, variant: 'success' });
}
