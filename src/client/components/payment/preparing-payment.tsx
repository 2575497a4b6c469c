import { Loader2 } from 'lucide-react';

/** Said while the payment form (or its intent) is on its way. */
export function PreparingPayment() {
  return (
    <p className="flex items-center gap-2 py-6 text-sm text-neutral-700" role="status">
      <Loader2 className="h-4 w-4 animate-spin text-gold-600" aria-hidden="true" />
      Preparing payment form...
    </p>
  );
}
