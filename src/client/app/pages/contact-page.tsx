import { LazyContactForm } from '../../features/contact/components/lazy-contact-form';
import { ContactInfo } from '../../features/contact/components/contact-info';
import { PageHero } from '../../components/ui/page-hero';
import { PAGE_META, usePageMeta } from '../meta';

export default function ContactPage() {
  usePageMeta(PAGE_META['/contact']);
  return (
    <>
      <PageHero eyebrow="Get in touch" title="Contact Us" lead="Have questions or need more information? Reach out to our team. Free estimates, answered within one business day." />
      <section aria-label="Contact form and information" className="bg-neutral-50 py-12 sm:py-16">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 sm:px-6 lg:grid-cols-[3fr_2fr]">
          <LazyContactForm headingLevel={2} anchorId="contact-form" />
          <ContactInfo headingLevel={2} />
        </div>
      </section>
    </>
  );
}
