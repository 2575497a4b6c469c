import { MapPin, Quote } from 'lucide-react';
import type { Testimonial } from '../../../../shared/schemas/content';
import { StarRating } from './star-rating';
import { VerifiedMark } from './verified-mark';

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

/** A testimonial on a light card (testimonials page). */
export function TestimonialCard({ testimonial, headingLevel = 2 }: { testimonial: Testimonial; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="flex h-full min-h-72 flex-col rounded-xl border border-neutral-200 bg-white p-6 shadow-sm">
      <div className="flex items-start justify-between gap-4">
        <StarRating rating={testimonial.rating} />
        <Quote aria-hidden="true" className="h-8 w-8 text-gold-200" />
      </div>
      {testimonial.verified && (
        <div className="mt-3">
          <VerifiedMark testimonial={testimonial} />
        </div>
      )}
      <blockquote className="mt-4 flex-1 leading-relaxed text-neutral-700">
        <p>“{testimonial.content}”</p>
      </blockquote>
      <div className="mt-6 flex items-center gap-3 border-t border-neutral-100 pt-4">
        <span aria-hidden="true" className="grid h-11 w-11 shrink-0 place-items-center rounded-full bg-ink-950 font-semibold text-gold-300">
          {initials(testimonial.name)}
        </span>
        <div className="min-w-0">
          <Heading className="font-semibold text-ink-950">{testimonial.name}</Heading>
          {testimonial.location && (
            <p className="flex items-center gap-1 text-sm text-neutral-600">
              <MapPin aria-hidden="true" className="h-3.5 w-3.5" />
              {testimonial.location}
            </p>
          )}
        </div>
        {!testimonial.verified && <span className="ml-auto rounded-full bg-gold-50 px-2.5 py-1 text-xs font-semibold text-gold-800">{testimonial.serviceType}</span>}
      </div>
    </article>
  );
}
