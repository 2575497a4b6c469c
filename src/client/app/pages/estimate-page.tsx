import { DEPOSIT_CENTS } from '../../../shared/constants';
import { formatCents } from '../../../shared/money';
import { PageHero } from '../../components/ui/page-hero';
import { NumberedSteps } from '../../features/booking/components/numbered-steps';
import { EstimateFormCard } from '../../features/estimate/components/estimate-form-card';
import { useBusiness } from '../../lib/site-config';
import { PAGE_META, usePageMeta } from '../meta';

const STEPS = [
  { title: 'Send photos', text: 'Tell us what needs doing and add 1 to 6 photos of the item and the wall or room.' },
  { title: 'Get your price', text: 'We email you a price and how long the job takes, usually within one business day.' },
  { title: 'Approve and book', text: `Pick a time that fits the whole job and secure it with the refundable ${formatCents(DEPOSIT_CENTS)} deposit.` },
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
          <div className="space-y-6">
            <NumberedSteps id="estimate-steps-heading" title="How It Works" steps={STEPS} />
            {business?.phone && (
              <p className="rounded-xl border border-gold-400 bg-gold-50 p-6 text-sm text-neutral-800">
                Rather talk it through? Call us at{' '}
                <a href={business.telHref} className="font-semibold text-ink-950 underline underline-offset-2 hover:text-gold-800">
                  {business.phone}
                </a>
                .
              </p>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
