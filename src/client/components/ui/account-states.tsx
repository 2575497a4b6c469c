import { Loader2 } from 'lucide-react';

/** While the current-user call is under way on a signed-in-only page. */
export function AccountLoading() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center" role="status" aria-label="Loading your account">
      <Loader2 className="h-8 w-8 animate-spin text-gold-600" aria-hidden="true" />
    </div>
  );
}

/** When the current-user call failed for another reason than being signed out. */
export function AccountLoadError() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="font-display text-2xl font-bold text-ink-950">We couldn&apos;t load your account</h1>
      <p className="mt-2 text-neutral-700">Please check your connection and reload the page.</p>
    </div>
  );
}
