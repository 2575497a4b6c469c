/** Step 1's submit button, "Processing..." while the booking is being made. */
export function ContinueButton({ pending }: { pending: boolean }) {
  return (
    <button
      type="submit"
      disabled={pending}
      className="inline-flex w-full items-center justify-center rounded-md bg-ink-950 px-6 py-3 text-base font-semibold text-gold-300 shadow hover:bg-ink-800 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto"
    >
      {pending ? 'Processing...' : 'Continue to Payment'}
    </button>
  );
}
