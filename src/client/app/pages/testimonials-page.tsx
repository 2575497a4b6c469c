import { Link } from 'react-router';
import { PenLine } from 'lucide-react';
import { buttonClass } from '../../components/ui/button-styles';
import { PageHero } from '../../components/ui/page-hero';
import { TestimonialsList } from '../../features/testimonials/components/testimonials-list';
import { useTestimonials, useTestimonialsSummary } from '../../features/testimonials/api/use-testimonials';
import { Island } from '../../islands/island';
import { formatRating } from '../../features/testimonials/components/star-rating';
import type { TestimonialsSummary } from '../../../shared/schemas/reviews';
import { useBusiness, type Business } from '../../lib/site-config';
import { PAGE_META, usePageMeta } from '../meta';

/** The owner's figures (the spec's to start with) until enough reviews are published; then their average and count take the rating's and satisfaction's places. */
function statItems(business: Business | undefined, summary: TestimonialsSummary | undefined) {
  const owned = [
    { value: `${business?.yearsInBusiness}+`, label: 'Years in Business' },
    { value: business?.projectsCompleted, label: 'Projects Completed' },
    { value: business?.averageRating, label: 'Average Rating' },
    { value: business?.satisfaction, label: 'Client Satisfaction' },
  ];
  if (!summary) return owned;
  return [
    owned[0],
    owned[1],
    { value: formatRating(summary.average), label: 'Average Rating' },
    { value: summary.count.toLocaleString('en-US'), label: summary.count === 1 ? 'Verified Review' : 'Verified Reviews' },
  ];
}

export default function TestimonialsPage() {
  usePageMeta(PAGE_META['/testimonials']);
  const summary = useTestimonialsSummary().data;
  const testimonials = useTestimonials().data;
  const business = useBusiness();
  return (
    <>
      <PageHero eyebrow="Reviews" title="Client Testimonials" lead="What homeowners and businesses across Santa Monica, West LA and Venice say about our work." />
      <section aria-label="Our record" className="border-y border-gold-400/20 bg-ink-900">
        <dl className="mx-auto grid max-w-5xl grid-cols-2 gap-6 px-4 py-10 text-center sm:px-6 md:grid-cols-4">
          {statItems(business, summary).map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse">
              <dt className="mt-1 text-sm text-neutral-300">{stat.label}</dt>
              <dd className="font-display text-4xl font-bold text-gold-400">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-label="Testimonials" className="bg-neutral-50 py-12 sm:py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <Island name="testimonials-list" component={TestimonialsList} props={{ initial: testimonials }} />
        </div>
      </section>
      <section aria-labelledby="review-heading" className="bg-white py-14">
        <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
          <h2 id="review-heading" className="font-display text-3xl font-bold text-ink-950">
            Worked With Us?
          </h2>
          <p className="mt-3 text-neutral-600">We would love to hear how it went. Your feedback helps neighbors choose with confidence.</p>
          <Link to="/contact" className={buttonClass('dark', 'lg', 'mt-6')}>
            <PenLine aria-hidden="true" className="h-4 w-4" /> Write a Review
          </Link>
        </div>
      </section>
    </>
  );
}
