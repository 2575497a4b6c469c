/** The card form's submit: `label` ('Pay $50.00 Deposit', 'Pay $229.00'), 'Processing...' while the payment is confirmed. */
export function PayButton({ label, isProcessing, disabled }: { label: string; isProcessing: boolean; disabled: boolean }) {
  return (
    <button
      type="submit"
      disabled={disabled || isProcessing}
      className="inline-flex min-h-12 w-full items-center justify-center rounded-md bg-ink-950 px-6 py-3 text-base font-semibold text-gold-300 shadow hover:bg-ink-800 disabled:cursor-not-allowed disabled:opacity-70"
    >
      {isProcessing ? 'Processing...' : label}
    </button>
  );
}
