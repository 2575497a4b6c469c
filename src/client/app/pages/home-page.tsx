import { SectionHeading } from '../../components/ui/section-heading';
import { LazyContactForm } from '../../features/contact/components/lazy-contact-form';
import { ContactInfo } from '../../features/contact/components/contact-info';
import { HomeGallery } from '../../features/gallery/components/home-gallery';
import { ClosingCta } from '../../features/home/components/closing-cta';
import { HeroCarousel } from '../../features/home/components/hero-carousel';
import { ServicesOverview } from '../../features/home/components/services-overview';
import { WhyChooseUs } from '../../features/home/components/why-choose-us';
import { TestimonialsCarousel } from '../../features/testimonials/components/testimonials-carousel';
import { useTestimonials } from '../../features/testimonials/api/use-testimonials';
import { Island } from '../../islands/island';
import { useBusiness } from '../../lib/site-config';
import { PAGE_META, usePageMeta } from '../meta';

export default function HomePage() {
  usePageMeta(PAGE_META['/']);
  const business = useBusiness();
  const testimonials = useTestimonials().data;
  return (
    <>
      <Island name="hero" component={HeroCarousel} props={{ tagline: business?.tagline, yearsInBusiness: business?.yearsInBusiness }} />
      <WhyChooseUs />
      <ServicesOverview />

      <section id="gallery" aria-labelledby="gallery-heading" className="scroll-mt-16 bg-white py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeading id="gallery-heading" eyebrow="Recent work" title="Project Gallery" lead="A few of the rooms we have finished across Santa Monica, West LA and Venice." />
          <Island name="home-gallery" component={HomeGallery} props={{}} />
        </div>
      </section>

      <section id="testimonials" aria-labelledby="testimonials-heading" className="scroll-mt-16 bg-ink-950 py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeading id="testimonials-heading" tone="dark" eyebrow="Reviews" title="What Our Clients Say" lead="Neighbors who trusted us with their homes." />
          <Island name="testimonials-carousel" component={TestimonialsCarousel} props={{ initial: testimonials }} />
        </div>
      </section>

      <div className="border-t border-gold-400/20">
        <ClosingCta />
      </div>

      <section id="contact" aria-labelledby="contact-heading" className="scroll-mt-16 bg-neutral-50 py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeading id="contact-heading" title="Contact Us" lead="Have questions or need more information? Reach out to our team." />
          <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
            <LazyContactForm headingLevel={3} anchorId="home-contact-form" />
            <ContactInfo headingLevel={3} />
          </div>
        </div>
      </section>
    </>
  );
}
