import type { TestimonialsSummary } from '../../../../shared/schemas/reviews';
import { useFreshRead } from '../../../lib/use-fresh-read';
import { getTestimonialsSummary } from '../api/use-testimonials';
import { formatRating } from './star-rating';

/** The owner's figures as the page shows them (from the business settings). */
export interface OwnerFigures {
  yearsInBusiness?: number;
  projectsCompleted?: string;
  averageRating?: string;
  satisfaction?: string;
}

/** The owner's figures (the spec's to start with) until enough reviews are published; then their average and count take the rating's and satisfaction's places. */
function statItems(figures: OwnerFigures, summary: TestimonialsSummary | undefined) {
  const owned = [
    { value: `${figures.yearsInBusiness}+`, label: 'Years in Business' },
    { value: figures.projectsCompleted, label: 'Projects Completed' },
    { value: figures.averageRating, label: 'Average Rating' },
    { value: figures.satisfaction, label: 'Client Satisfaction' },
  ];
  if (!summary) return owned;
  return [
    owned[0],
    owned[1],
    { value: formatRating(summary.average), label: 'Average Rating' },
    { value: summary.count.toLocaleString('en-US'), label: summary.count === 1 ? 'Verified Review' : 'Verified Reviews' },
  ];
}

/** "Our record" on the testimonials page: an island that refreshes the reviews' summary the page was rendered with. */
export function TestimonialsRecord({ figures, initial }: { figures: OwnerFigures; initial?: TestimonialsSummary }) {
  const { data } = useFreshRead(getTestimonialsSummary, initial);
  // A page rendered with the summary carries no owner's rating to fall back on: keep the summary.
  const summary = data === null && figures.averageRating === undefined ? initial : data;
  return (
    <section aria-label="Our record" className="border-y border-gold-400/20 bg-ink-900">
      <dl className="mx-auto grid max-w-5xl grid-cols-2 gap-6 px-4 py-10 text-center sm:px-6 md:grid-cols-4">
        {statItems(figures, summary ?? undefined).map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse">
            <dt className="mt-1 text-sm text-neutral-300">{stat.label}</dt>
            <dd className="font-display text-4xl font-bold text-gold-400">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
