import { ShieldCheck } from 'lucide-react';
import { DEPOSIT_CENTS, REFUND_NOTICE_HOURS } from '../../../../shared/constants';
import { formatCents } from '../../../../shared/money';
import { NumberedSteps } from './numbered-steps';

const STEPS = [
  { title: 'Choose your service', text: 'Tell us what you need: assembly, TV or shelf mounting, or a custom project.' },
  { title: 'Pick a date and time', text: 'Choose any open hour, Monday to Saturday, up to 90 days ahead.' },
  { title: 'Secure it with a deposit', text: `Pay the refundable ${formatCents(DEPOSIT_CENTS)} deposit online to hold your slot.` },
  { title: 'We confirm and arrive', text: `You get a confirmation email, a call ${REFUND_NOTICE_HOURS} hours before, and our pro at your door on time.` },
];

/** The side panel: how booking works and the deposit terms. */
export function HowItWorks() {
  const deposit = formatCents(DEPOSIT_CENTS);
  return (
    <div className="space-y-6">
      <NumberedSteps id="how-it-works-title" title="How It Works" steps={STEPS} />
      <aside aria-labelledby="deposit-note-title" className="rounded-xl border border-gold-400 bg-gold-50 p-6">
        <h2 id="deposit-note-title" className="flex items-center gap-2 font-display text-lg font-semibold text-ink-950">
          <ShieldCheck className="h-5 w-5 text-gold-700" aria-hidden="true" />
          About the {deposit} Deposit
        </h2>
        <p className="mt-2 text-sm text-neutral-800">
          A {deposit} deposit secures your appointment and goes toward your service. It is fully refundable when you cancel with at least{' '}
          {REFUND_NOTICE_HOURS} hours' notice.
        </p>
      </aside>
    </div>
  );
}
