import { DEPOSIT_CENTS } from '../../../../shared/constants';
import { formatCents } from '../../../../shared/money';

/** 'Pay $50.00 Deposit', 'Processing...' while the payment is confirmed. */
export function PayButton({ isProcessing, disabled }: { isProcessing: boolean; disabled: boolean }) {
  return (
    <button
      type="submit"
      disabled={disabled || isProcessing}
      className="inline-flex w-full items-center justify-center rounded-md bg-ink-950 px-6 py-3 text-base font-semibold text-gold-300 shadow hover:bg-ink-800 disabled:cursor-not-allowed disabled:opacity-70"
    >
      {isProcessing ? 'Processing...' : `Pay ${formatCents(DEPOSIT_CENTS, { alwaysCents: true })} Deposit`}
    </button>
  );
}
