import { Link } from 'react-router';
import { DEPOSIT_AMOUNT } from '../../../../shared/constants';
import { buttonClass } from '../../../components/ui/button-styles';

/** The dark band that asks for the booking. */
export function ClosingCta({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section aria-labelledby="cta-heading" className="bg-ink-950 py-16 text-white sm:py-20">
      <div className="mx-auto max-w-4xl px-4 text-center sm:px-6">
        <Heading id="cta-heading" className="font-display text-3xl font-bold sm:text-4xl">
          Ready to Get It <span className="text-gold-400">Done Right</span>?
        </Heading>
        <p className="mx-auto mt-4 max-w-2xl text-neutral-300 sm:text-lg">
          Book online in two minutes, 7 days a week. A refundable ${DEPOSIT_AMOUNT} deposit holds your time; estimates are always free.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/book" className={buttonClass('gold', 'lg')}>
            Book Now
          </Link>
          <Link to="/contact" className={buttonClass('outline-light', 'lg')}>
            Contact Us
          </Link>
        </div>
      </div>
    </section>
  );
}
