import { useState } from 'react';
import { useParams } from 'react-router';
import { PanelLoading } from '../../components/admin/panel-states';
import { useQuote } from '../../features/booking/api/quote-api';
import { BookingFlow } from '../../features/booking/components/booking-flow';
import { QuoteDeadLink, QuoteLines, QuoteView } from '../../features/booking/components/quote-view';
import { ApiError } from '../../lib/api';
import { PAGE_META, usePageMeta } from '../meta';

/**
 * /quote/:token, a customer's private link to the owner's quote for their free estimate (kept out
 * of search results): the quote, then, once approved, the booking flow for its job.
 */
export default function QuotePage() {
  usePageMeta(PAGE_META['/quote']);
  const { token = '' } = useParams();
  const quote = useQuote(token);
  const [approved, setApproved] = useState(false);

  let body;
  if (quote.isPending) body = <PanelLoading label="Loading your quote..." />;
  else if (quote.isError)
    body =
      quote.error instanceof ApiError && quote.error.status === 404 ? (
        <QuoteDeadLink />
      ) : (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          Your quote could not be loaded. Check your connection and reload the page.
        </p>
      );
  else if (!approved) body = <QuoteView token={token} quote={quote.data} onApprove={() => setApproved(true)} />;
  else
    body = (
      <div className="space-y-6">
        <h1 className="font-display text-3xl font-bold text-ink-950">Book Your Quoted Job</h1>
        <details className="rounded-xl border border-neutral-200 bg-white p-4 shadow-sm">
          <summary className="cursor-pointer font-semibold text-ink-950">The work quoted</summary>
          <div className="mt-3">
            <QuoteLines quote={quote.data} />
          </div>
        </details>
        <BookingFlow quote={{ token, quote: quote.data }} />
      </div>
    );

  return (
    <section className="bg-neutral-100">
      <div className={`mx-auto px-4 py-8 sm:py-12 ${approved ? 'max-w-4xl' : 'max-w-2xl'}`}>{body}</div>
    </section>
  );
}
