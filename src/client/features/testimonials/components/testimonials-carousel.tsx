import { ChevronLeft, ChevronRight, MapPin, Pause, Play, Quote } from 'lucide-react';
import { Skeleton } from '../../../components/ui/skeleton';
import { useCarousel } from '../../../components/ui/use-carousel';
import type { Testimonial } from '../../../../shared/schemas/content';
import { useFreshRead } from '../../../lib/use-fresh-read';
import { getTestimonials } from '../api/use-testimonials';
import { StarRating } from './star-rating';
import { VerifiedMark } from './verified-mark';

export const TESTIMONIAL_INTERVAL_MS = 6000;

const roundButton = 'grid h-11 w-11 place-items-center rounded-full border border-white/20 text-gold-300 transition-colors hover:border-gold-400 hover:bg-gold-400 hover:text-ink-950';

/**
 * One testimonial at a time; advances every 6 s when there are several; wraps both ways. An
 * island: starts from the testimonials the page was rendered with and refreshes them once.
 */
export function TestimonialsCarousel({ initial }: { initial?: Testimonial[] }) {
  const { data, isPending, isError } = useFreshRead(getTestimonials, initial);
  const items = data ?? [];
  const { index, next, previous, paused, playing, togglePaused, containerProps } = useCarousel(items.length, TESTIMONIAL_INTERVAL_MS);

  if (isPending) {
    return (
      <div className="mx-auto min-h-96 max-w-3xl rounded-2xl border border-white/10 bg-white/5 p-8" aria-busy="true">
        <Skeleton className="mx-auto h-5 w-32 bg-white/10" />
        <Skeleton className="mx-auto mt-6 h-5 w-full bg-white/10" />
        <Skeleton className="mx-auto mt-3 h-5 w-5/6 bg-white/10" />
        <Skeleton className="mx-auto mt-8 h-5 w-40 bg-white/10" />
      </div>
    );
  }
  if (isError || items.length === 0) {
    return <p className="text-center text-lg text-neutral-300">No testimonials available at this time.</p>;
  }

  const current = items[index];
  const many = items.length > 1;
  return (
    <div aria-roledescription="carousel" aria-label="Customer testimonials" role="region" className="mx-auto max-w-3xl" {...containerProps}>
      <div aria-live={playing ? 'off' : 'polite'}>
        <div
          key={current.id}
          role="group"
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${items.length}`}
          className="min-h-96 rounded-2xl border border-gold-400/30 bg-ink-900 p-6 text-center shadow-xl sm:p-10"
        >
          <Quote aria-hidden="true" className="mx-auto h-10 w-10 text-gold-400" />
          <div className="mt-4 flex justify-center">
            <StarRating rating={current.rating} tone="dark" />
          </div>
          <blockquote className="mt-6 font-display text-lg leading-relaxed text-white sm:text-xl">
            <p>“{current.content}”</p>
          </blockquote>
          <p className="mt-6">
            <span className="block font-semibold text-gold-300">{current.name}</span>
            {current.verified ? (
              current.location && (
                <span className="mt-1 flex items-center justify-center gap-1 text-sm text-neutral-300">
                  <MapPin aria-hidden="true" className="h-3.5 w-3.5" />
                  {current.location}
                </span>
              )
            ) : (
              <span className="mt-1 flex items-center justify-center gap-1 text-sm text-neutral-300">
                <MapPin aria-hidden="true" className="h-3.5 w-3.5" />
                {current.location} · {current.serviceType}
              </span>
            )}
          </p>
          {current.verified && (
            <div className="mt-2">
              <VerifiedMark testimonial={current} tone="dark" />
            </div>
          )}
        </div>
      </div>
      {many && (
        <div className="mt-6 flex items-center justify-center gap-3">
          <button type="button" onClick={previous} aria-label="Previous testimonial" className={roundButton}>
            <ChevronLeft aria-hidden="true" className="h-5 w-5" />
          </button>
          <button type="button" onClick={togglePaused} aria-label={paused ? 'Play testimonials' : 'Pause testimonials'} className={roundButton}>
            {paused ? <Play aria-hidden="true" className="h-4 w-4" /> : <Pause aria-hidden="true" className="h-4 w-4" />}
          </button>
          <button type="button" onClick={next} aria-label="Next testimonial" className={roundButton}>
            <ChevronRight aria-hidden="true" className="h-5 w-5" />
          </button>
          <span className="ml-2 text-sm text-neutral-400" aria-hidden="true">
            {index + 1} / {items.length}
          </span>
        </div>
      )}
    </div>
  );
}
