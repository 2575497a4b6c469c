import { Skeleton } from '../../../components/ui/skeleton';
import type { Testimonial } from '../../../../shared/schemas/content';
import { useFreshRead } from '../../../lib/use-fresh-read';
import { getTestimonials } from '../api/use-testimonials';
import { TestimonialCard } from './testimonial-card';

/** All testimonials as cards (testimonials page); an island that refreshes what the page was rendered with. */
export function TestimonialsList({ initial }: { initial?: Testimonial[] }) {
  const { data, isPending, isError } = useFreshRead(getTestimonials, initial);
  if (isPending) {
    return (
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <li key={`skeleton-${i}`} className="min-h-72 rounded-xl border border-neutral-200 bg-white p-6">
            <Skeleton className="h-5 w-32" />
            <Skeleton className="mt-5 h-4 w-full" />
            <Skeleton className="mt-2 h-4 w-full" />
            <Skeleton className="mt-2 h-4 w-2/3" />
            <Skeleton className="mt-8 h-11 w-40" />
          </li>
        ))}
      </ul>
    );
  }
  if (isError || !data || data.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-neutral-300 px-6 py-16 text-center">
        <p className="text-lg font-semibold text-ink-950">No testimonials found</p>
        <p className="mt-2 text-neutral-600">Be the first to tell others about your project.</p>
      </div>
    );
  }
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {data.map((t) => (
        <li key={t.id}>
          <TestimonialCard testimonial={t} />
        </li>
      ))}
    </ul>
  );
}
