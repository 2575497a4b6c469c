import { DEPOSIT_CENTS } from '../../../../shared/constants';
import { formatCents } from '../../../../shared/money';
import type { JobQuoteState } from '../hooks/use-job-quote';
import { jobLengthText } from '../utils/job-length';
import { isAddable, priceText, type PickedJob } from '../utils/job-quote';
import { ItemRow } from './item-row';
import { JobTooLongNotice } from './job-too-long';
import { JobLines } from './job-lines';

interface ItemPickerProps {
  jobQuote: JobQuoteState;
  serviceLabel: string;
  /** The form's id prefix. */
  uid: string;
  /** The too-long notice's id (the submit scrolls to it). */
  tooLongId: string;
}

function JobTotal({ job, tooLongId }: { job: PickedJob | null; tooLongId: string }) {
  if (!job) return <p>Add items to see your price and how long the job takes.</p>;
  const { quote } = job;
  return (
    <>
      <p className="text-base">
        Total: <strong className="font-display text-xl text-gold-300">{priceText(quote.totalCents, job.isFrom)}</strong>
      </p>
      <p>Job length: {jobLengthText(quote.minutes)}</p>
      {job.isTooLong && (
        <div className="pt-1">
          <JobTooLongNotice minutes={quote.minutes} id={tooLongId} tone="dark" />
        </div>
      )}
    </>
  );
}

/**
 * "Your Items": the chosen service's price list with a quantity per item and its add-ons, and the
 * running total and job length (read out as they change). Loaded only for a service that has items.
 */
export default function ItemPicker({ jobQuote, serviceLabel, uid, tooLongId }: ItemPickerProps) {
  const { items, choices, job, twoPeopleBookable, setQuantity, setAddOn } = jobQuote;
  const titleId = `${uid}-items-title`;
  const hintId = `${uid}-items-hint`;
  return (
    <div role="group" aria-labelledby={titleId} aria-describedby={hintId} className="space-y-4 sm:rounded-lg sm:border sm:border-neutral-200 sm:p-4">
      <div>
        <h4 id={titleId} className="font-display text-base font-semibold text-ink-950">
          Your Items (Optional)
        </h4>
        <p id={hintId} className="mt-1 text-sm text-neutral-600">
          Add what needs doing for an instant price, and we offer only the times that fit the whole job. Add nothing and we book {serviceLabel} as a whole, as
          usual.
        </p>
      </div>
      <ul className="divide-y divide-neutral-200">
        {items.map((item) => (
          <ItemRow
            key={item.id}
            item={item}
            choice={choices[item.id]}
            isAddable={isAddable(item, twoPeopleBookable)}
            idBase={`${uid}-item-${item.id}`}
            onQuantity={(quantity) => setQuantity(item, quantity)}
            onAddOn={(addOnId, on) => setAddOn(item.id, addOnId, on)}
          />
        ))}
      </ul>
      <section aria-labelledby={`${uid}-job-title`} className="rounded-lg bg-ink-950 p-4 text-sm text-white">
        <h4 id={`${uid}-job-title`} className="font-display text-base font-semibold text-gold-300">
          Your Job
        </h4>
        <div aria-live="polite" aria-atomic="true" className="mt-2 space-y-1">
          <JobTotal job={job} tooLongId={tooLongId} />
        </div>
        {job && (
          <div className="mt-3 space-y-2">
            <JobLines lines={job.quote.lines} totalCents={job.quote.totalCents} isFrom={job.isFrom} caption="Your job's items" tone="dark" />
            {job.quote.twoPeople && <p className="text-neutral-300">Two people come for this job.</p>}
            {job.isFrom && <p className="text-neutral-300">A “from” price is where the work starts; we agree the rest with you on site.</p>}
            <p className="text-neutral-300">The {formatCents(DEPOSIT_CENTS)} deposit you pay now counts toward the total.</p>
          </div>
        )}
      </section>
    </div>
  );
}
