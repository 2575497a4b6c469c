import { Camera, CalendarCheck, Receipt } from 'lucide-react';
import { PageHero } from '../../components/ui/page-hero';
import { EstimateFormCard } from '../../features/estimate/components/estimate-form-card';
import { useBusiness } from '../../lib/site-config';
import { PAGE_META, usePageMeta } from '../meta';

const STEPS = [
  { Icon: Camera, title: 'Send photos', text: 'Tell us what needs doing and add 1 to 6 photos of the item and the wall or room.' },
  { Icon: Receipt, title: 'Get your price', text: 'We email you a price and how long the job takes, usually within one business day.' },
  { Icon: CalendarCheck, title: 'Approve and book', text: 'Pick a time that fits the whole job and secure it with the refundable $50 deposit.' },
];

/** /estimate: a free estimate from photos, for work the price list does not cover. */
export default function EstimatePage() {
  usePageMeta(PAGE_META['/estimate']);
  const business = useBusiness();
  return (
    <>
      <PageHero
        eyebrow="Free estimate"
        title="Get a Free Estimate"
        lead="Not sure what your project costs? Send us a few photos and we reply with a price. No visit needed, nothing to pay until you book."
      />
      <section aria-label="Estimate request" className="bg-neutral-50 py-12 sm:py-16">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 sm:px-6 lg:grid-cols-[3fr_2fr]">
          <EstimateFormCard anchorId="estimate-form" />
          <aside aria-labelledby="estimate-steps-heading" className="h-fit rounded-2xl bg-ink-950 p-6 text-white shadow-sm sm:p-8">
            <h2 id="estimate-steps-heading" className="font-display text-2xl font-bold text-gold-300">
              How It Works
            </h2>
            <ol className="mt-6 grid gap-6">
              {STEPS.map(({ Icon, title, text }) => (
                <li key={title} className="flex gap-4">
                  <span className="grid h-11 w-11 shrink-0 place-items-center rounded-lg bg-gold-400 text-ink-950">
                    <Icon aria-hidden="true" className="h-5 w-5" />
                  </span>
                  <div>
                    <h3 className="font-semibold text-white">{title}</h3>
                    <p className="mt-1 text-sm leading-relaxed text-neutral-300">{text}</p>
                  </div>
                </li>
              ))}
            </ol>
            {business?.phone && (
              <p className="mt-8 border-t border-white/10 pt-6 text-sm text-neutral-300">
                Rather talk it through? Call us at{' '}
                <a href={business.telHref} className="font-semibold text-gold-300 underline underline-offset-2 hover:text-gold-200">
                  {business.phone}
                </a>
                .
              </p>
            )}
          </aside>
        </div>
      </section>
    </>
  );
}
