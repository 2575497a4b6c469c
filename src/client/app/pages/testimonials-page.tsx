import { Link } from 'react-router';
import { PenLine } from 'lucide-react';
import { buttonClass } from '../../components/ui/button-styles';
import { PageHero } from '../../components/ui/page-hero';
import { TestimonialsList } from '../../features/testimonials/components/testimonials-list';
import { useTestimonials, useTestimonialsSummary } from '../../features/testimonials/api/use-testimonials';
import { Island } from '../../islands/island';
import { TestimonialsRecord } from '../../features/testimonials/components/testimonials-record';
import { useBusiness } from '../../lib/site-config';
import { PAGE_META, usePageMeta } from '../meta';

export default function TestimonialsPage() {
  usePageMeta(PAGE_META['/testimonials']);
  const summary = useTestimonialsSummary().data;
  const testimonials = useTestimonials().data;
  const business = useBusiness();
  return (
    <>
      <PageHero eyebrow="Reviews" title="Client Testimonials" lead="What homeowners and businesses across Santa Monica, West LA and Venice say about our work." />
      <Island
        name="testimonials-record"
        component={TestimonialsRecord}
        props={{
          // The owner's rating and satisfaction only while the reviews' summary does not replace them.
          figures: summary
            ? { yearsInBusiness: business?.yearsInBusiness, projectsCompleted: business?.projectsCompleted }
            : { yearsInBusiness: business?.yearsInBusiness, projectsCompleted: business?.projectsCompleted, averageRating: business?.averageRating, satisfaction: business?.satisfaction },
          initial: summary,
        }}
      />
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
