import { ArrowRight } from 'lucide-react';

/** Under the service select when Custom Project is chosen: work without a set price gets a free estimate from photos. */
export function EstimateLink() {
  return (
    <p className="flex flex-wrap items-center gap-x-1 rounded-md border border-gold-300 bg-gold-50 px-3 py-2 text-sm text-ink-900">
      Not sure what it costs?{' '}
      <a href="/estimate" className="inline-flex items-center gap-1 font-semibold text-ink-950 underline underline-offset-2 hover:text-gold-800">
        Get a free estimate from photos
        <ArrowRight className="h-4 w-4" aria-hidden="true" />
      </a>
    </p>
  );
}
