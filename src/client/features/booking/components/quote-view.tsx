import { useRef, useState } from 'react';
import { CalendarCheck, CheckCircle2, Clock, FileText, Users } from 'lucide-react';
import { formatLongDate } from '../../../../shared/business-time';
import { DEPOSIT_CENTS } from '../../../../shared/constants';
import { formatCents } from '../../../../shared/money';
import type { PublicQuote } from '../../../../shared/schemas/estimates';
import { buttonClass } from '../../../components/ui/button-styles';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DeadLinkCard } from '../../../components/ui/dead-link';
import { MoneyLines } from '../../../components/ui/money-lines';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api';
import { useDeclineQuote } from '../api/quote-api';
import { jobLengthText } from '../utils/job-length';

const CARD = 'rounded-xl border border-neutral-200 bg-white shadow-sm';

/** A quote link that opens nothing now (unknown, expired, declined or already booked: the server says the same for each). */
export function QuoteDeadLink() {
  return (
    <DeadLinkCard
      title="This quote link is no longer valid"
      reason="The quote may have expired, been declined or already been booked."
      links={[{ href: '/estimate', label: 'Get a New Estimate' }, { href: '/contact', label: 'Contact Us' }]}
    />
  );
}

/** The quote's lines, each with its amount, and the total. */
export function QuoteLines({ quote }: { quote: PublicQuote }) {
  return (
    <MoneyLines
      caption="The work quoted"
      columns={['Work', 'Amount']}
      lines={quote.lines.map((l) => ({ ...l, label: l.name }))}
      rows={[{ label: 'Total', cents: quote.totalCents, strong: true }]}
    />
  );
}

/** How long, until when, and (for a big job) who comes. */
function facts(quote: PublicQuote) {
  return [
    { Icon: Clock, term: 'Job length', value: jobLengthText(quote.minutes) },
    { Icon: CalendarCheck, term: 'Valid until', value: formatLongDate(quote.validUntil) },
    ...(quote.twoPeople ? [{ Icon: Users, term: 'Crew', value: 'Two of our team come for this job.' }] : []),
  ];
}

/**
 * A customer's quote through its private link: the work and its price, how long it takes, the
 * owner's note and the last day it can be approved; "Approve and book" opens the booking flow,
 * "No thanks" declines it (after a confirmation).
 */
export function QuoteView({ token, quote, onApprove }: { token: string; quote: PublicQuote; onApprove: () => void }) {
  const decline = useDeclineQuote(token);
  const [declined, setDeclined] = useState<string | null>(null);
  const declinedHeading = useRef<HTMLHeadingElement>(null);

  if (declined !== null) {
    return (
      <div className={`${CARD} p-6 text-center sm:p-10`}>
        <CheckCircle2 className="mx-auto h-12 w-12 text-gold-600" aria-hidden="true" />
        <h1 ref={declinedHeading} tabIndex={-1} className="mt-4 font-display text-2xl font-bold text-ink-950 focus:outline-none sm:text-3xl">
          Quote Declined
        </h1>
        <p role="status" className="mx-auto mt-3 max-w-md text-neutral-700">
          {declined}
        </p>
        <a href="/" className={`${buttonClass('dark', 'md')} mt-6`}>
          Return to Home
        </a>
      </div>
    );
  }

  function onDecline() {
    decline.mutate(undefined, {
      onSuccess: ({ message }) => {
        setDeclined(message);
        requestAnimationFrame(() => declinedHeading.current?.focus());
      },
      onError: (err) => toast({ title: 'Not Declined', description: errorMessage(err, 'Could not decline the quote. Please try again.'), variant: 'destructive' }),
    });
  }

  return (
    <article className={CARD} aria-labelledby="quote-title">
      <header className="border-b border-neutral-200 px-4 py-5 sm:px-6">
        <p className="text-xs font-semibold uppercase tracking-[0.2em] text-gold-700">Your free estimate</p>
        <h1 id="quote-title" className="mt-1 font-display text-2xl font-bold text-ink-950 sm:text-3xl">
          Your Quote
        </h1>
      </header>
      <div className="space-y-5 px-4 py-5 sm:px-6">
        <QuoteLines quote={quote} />
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          {facts(quote).map(({ Icon, term, value }) => (
            <div key={term}>
              <dt className="flex items-center gap-2 font-semibold text-ink-950">
                <Icon className="h-4 w-4 text-gold-700" aria-hidden="true" />
                {term}
              </dt>
              <dd className="mt-0.5 pl-6 text-neutral-800">{value}</dd>
            </div>
          ))}
        </dl>
        {quote.note && (
          <section aria-labelledby="quote-note-title" className="rounded-lg bg-neutral-50 p-4">
            <h2 id="quote-note-title" className="flex items-center gap-2 text-sm font-semibold text-ink-950">
              <FileText className="h-4 w-4 text-gold-700" aria-hidden="true" />A note from us
            </h2>
            <p className="mt-1 whitespace-pre-wrap break-words text-sm text-neutral-800">{quote.note}</p>
          </section>
        )}
        <p className="text-sm text-neutral-700">
          Approve it and pick a time that fits the whole job. A refundable {formatCents(DEPOSIT_CENTS)} deposit holds your time and counts toward the total.
        </p>
      </div>
      <div className="flex flex-col gap-3 border-t border-neutral-200 px-4 py-4 sm:flex-row sm:px-6">
        <button type="button" onClick={onApprove} className={buttonClass('gold', 'lg')}>
          Approve and book
        </button>
        <ConfirmDialog
          trigger={
            <button type="button" className={buttonClass('outline-dark', 'lg')} disabled={decline.isPending}>
              {decline.isPending ? 'Declining...' : 'No thanks'}
            </button>
          }
          title="Decline this quote?"
          cancelLabel="Keep the quote"
          confirmLabel="Yes, decline it"
          onConfirm={onDecline}
        >
          <p>We won&apos;t book this work. You can always ask us for a new estimate.</p>
        </ConfirmDialog>
      </div>
    </article>
  );
}
