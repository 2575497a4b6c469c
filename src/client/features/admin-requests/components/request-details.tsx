import type { RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Ban, TriangleAlert } from 'lucide-react';
import type { z } from 'zod';
import { durationText } from '../../../../shared/duration-text';
import { formatCents } from '../../../../shared/money';
import { declineEstimateSchema, type AdminEstimate, type AdminQuote } from '../../../../shared/schemas/estimates';
import { formatShortDate } from '../../../../shared/business-time';
import { AddressLink, EmailLink, PhoneLink } from '../../../components/admin/contact-links';
import { BoundTextArea } from '../../../components/admin/fields';
import { DialogForm, FormDialog } from '../../../components/admin/form-dialog';
import { cardClass, dangerButtonClass } from '../../../components/admin/styles';
import { useFormFields } from '../../../components/admin/use-form-fields';
import { StatusBadge } from '../../../components/status-badge';
import { toast } from '../../../components/ui/use-toast';
import { formatInstant } from '../../../lib/admin-format';
import { errorMessage } from '../../../lib/api';
import { useDeclineRequest } from '../api/requests-api';
import { RequestPhotos } from './photo-viewer';
import { QuoteForm } from './quote-form';

/** A request still takes a quote (or a no) until it is booked or declined. */
const isOpen = (status: AdminEstimate['status']) => status !== 'booked' && status !== 'declined';

/** One request: who, where and what, the photos, the quotes sent, then a new quote or a no. */
export function RequestDetails({ request: r, headingRef }: { request: AdminEstimate; headingRef: RefObject<HTMLHeadingElement | null> }) {
  return (
    <article className="space-y-4" aria-labelledby={`request-${r.id}-name`}>
      <header className={`${cardClass} space-y-3 p-4 sm:p-5`}>
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={`request-${r.id}-name`} ref={headingRef} tabIndex={-1} className="text-xl font-bold text-ink-950">
            {r.fullName}
          </h2>
          <StatusBadge status={r.status} />
        </div>
        <p className="text-sm text-neutral-700">
          Request #{r.id} · <time dateTime={r.createdAt}>{formatInstant(r.createdAt)}</time>
        </p>
        <div className="flex flex-col gap-2 text-sm">
          <PhoneLink phone={r.phone} name={r.fullName} />
          <EmailLink email={r.email} name={r.fullName} />
          <AddressLink address={r.address} />
          {!r.areaChecked && (
            <p className="inline-flex items-center gap-1.5 text-amber-900">
              <TriangleAlert className="h-4 w-4 shrink-0" aria-hidden="true" />
              No ZIP in the address: the service area was not checked.
            </p>
          )}
        </div>
        <div>
          <h3 className="text-sm font-semibold text-ink-950">What needs doing</h3>
          <p className="mt-1 whitespace-pre-wrap break-words text-neutral-900">{r.description}</p>
        </div>
        {r.preferredDays && (
          <p className="text-sm text-neutral-800">
            <span className="font-semibold text-ink-950">Preferred days:</span> {r.preferredDays}
          </p>
        )}
        {r.status === 'declined' && (
          <p className="text-sm text-neutral-800">
            Declined by {r.declinedBy === 'customer' ? 'the customer' : 'you'}
            {r.declinedAt ? ` on ${formatInstant(r.declinedAt)}` : ''}
            {r.declineReason ? `: ${r.declineReason}` : '.'}
          </p>
        )}
      </header>

      <section aria-labelledby={`request-${r.id}-photos`} className={`${cardClass} p-4 sm:p-5`}>
        <h3 id={`request-${r.id}-photos`} className="mb-3 text-lg font-bold text-ink-950">
          Photos
        </h3>
        <RequestPhotos photos={r.photos} who={r.fullName} />
      </section>

      {r.quotes.length > 0 && (
        <section aria-labelledby={`request-${r.id}-quotes`} className="space-y-2">
          <h3 id={`request-${r.id}-quotes`} className="text-lg font-bold text-ink-950">
            Quotes sent
          </h3>
          {r.quotes.map((q) => (
            <QuoteSummary key={q.id} quote={q} />
          ))}
        </section>
      )}

      {isOpen(r.status) && (
        <>
          <QuoteForm id={r.id} email={r.email} isNewQuote={r.quotes.some((q) => q.status === 'open')} />
          <DeclineDialog request={r} />
        </>
      )}
    </article>
  );
}

function QuoteSummary({ quote: q }: { quote: AdminQuote }) {
  return (
    <div className={`${cardClass} space-y-2 p-4`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-ink-950">
          {formatCents(q.totalCents, { grouped: true })} · about {durationText(q.minutes)}
          {q.twoPeople ? ' · two people' : ''}
        </p>
        <StatusBadge status={q.status} />
      </div>
      <ul className="divide-y divide-neutral-200 text-sm">
        {q.lines.map((line, i) => (
          <li key={i} className="flex justify-between gap-3 py-1">
            <span className="min-w-0 break-words">
              {line.quantity} × {line.name} <span className="text-neutral-600">({line.minutes} min)</span>
            </span>
            <span className="shrink-0 font-medium">{formatCents(line.amountCents, { grouped: true })}</span>
          </li>
        ))}
      </ul>
      {q.note && <p className="whitespace-pre-wrap break-words text-sm text-neutral-800">{q.note}</p>}
      <p className="text-sm text-neutral-700">
        Sent {formatInstant(q.createdAt)} · valid until {formatShortDate(q.validUntil)}
        {q.bookingId !== null ? ` · booking #${q.bookingId}` : ''}
      </p>
    </div>
  );
}

type DeclineInput = z.input<typeof declineEstimateSchema>;

function DeclineForm({ request, onDone }: { request: AdminEstimate; onDone: () => void }) {
  const decline = useDeclineRequest();
  const form = useForm<DeclineInput, unknown, z.output<typeof declineEstimateSchema>>({ resolver: zodResolver(declineEstimateSchema), defaultValues: { reason: '' } });
  const { bind } = useFormFields(form);
  const onSubmit = form.handleSubmit(({ reason }) =>
    decline.mutate(
      { id: request.id, reason },
      {
        onSuccess: () => {
          toast({ title: 'Request Declined', description: `${request.fullName}'s request is closed.`, variant: 'success' });
          onDone();
        },
        onError: (err) => toast({ title: 'Not Declined', description: errorMessage(err, 'Could not decline the request. Please try again.'), variant: 'destructive' }),
      },
    ),
  );
  return (
    <DialogForm onSubmit={onSubmit} pending={decline.isPending} saveLabel="Decline request" pendingLabel="Declining...">
      <BoundTextArea {...bind('reason')} label="Reason (for your records)" rows={3} maxLength={1000} hint="Not sent to the customer." />
    </DialogForm>
  );
}

/** "Decline": the owner will not quote this one (too far, not our kind of work); an open quote is withdrawn. */
function DeclineDialog({ request }: { request: AdminEstimate }) {
  return (
    <FormDialog
      title="Decline this request?"
      description={`${request.fullName} will not get a quote${request.quotes.some((q) => q.status === 'open') ? ', and the open quote is withdrawn' : ''}.`}
      trigger={
        <button type="button" className={dangerButtonClass}>
          <Ban className="h-4 w-4" aria-hidden="true" />
          Decline
        </button>
      }
    >
      {(close) => <DeclineForm request={request} onDone={close} />}
    </FormDialog>
  );
}
