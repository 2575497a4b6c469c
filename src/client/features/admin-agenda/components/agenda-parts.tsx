import { useId, type ReactNode } from 'react';
import { Ban, CalendarX2, ChevronLeft, ChevronRight, StickyNote, TriangleAlert, Users } from 'lucide-react';
import type { AgendaJob, AgendaTime } from '../../../../shared/schemas/admin-agenda';
import { durationText } from '../../../../shared/duration-text';
import { agendaDepositLabel, timeRangeLabel } from '../utils/agenda-format';
import { StatusBadge } from '../../../components/status-badge';
import { controlClass, labelClass } from '../../../components/form-field';
import { outlineButtonClass } from '../../../components/admin/styles';
import { AddressLink, PhoneLink } from '../../../components/admin/contact-links';

const DEPOSIT_STYLES: Record<AgendaJob['deposit']['state'], string> = {
  paid: 'bg-green-100 text-green-800 ring-green-600/30',
  unpaid: 'bg-amber-100 text-amber-900 ring-amber-600/40',
  refund_pending: 'bg-yellow-100 text-yellow-900 ring-yellow-600/40',
  refunded: 'bg-neutral-100 text-neutral-800 ring-neutral-500/30',
  refund_failed: 'bg-red-100 text-red-800 ring-red-600/30',
  kept: 'bg-blue-100 text-blue-800 ring-blue-600/30',
};

export function DepositBadge({ deposit }: { deposit: AgendaJob['deposit'] }) {
  return (
    <span className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${DEPOSIT_STYLES[deposit.state]}`}>
      {agendaDepositLabel(deposit)}
    </span>
  );
}

/** One job with everything the crew needs on the way there. */
export function JobCard({ job, headingLevel = 'h3', actions }: { job: AgendaJob; headingLevel?: 'h3' | 'h4'; actions?: ReactNode }) {
  const Heading = headingLevel;
  return (
    <article className="space-y-3 rounded-xl border border-l-4 border-neutral-200 border-l-gold-400 bg-white p-4 shadow-sm" aria-label={`${job.startTime} to ${job.endTime}, ${job.serviceName}, ${job.customerName}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="text-lg font-bold text-ink-950">
            {job.startTime} <span aria-hidden="true">–</span>
            <span className="sr-only">to</span> {job.endTime}
          </p>
          <Heading className="font-semibold text-ink-950">
            {job.serviceName} <span className="font-normal text-neutral-700">· #{job.id}</span>
          </Heading>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className="inline-flex items-center gap-1 rounded-full bg-ink-950 px-2.5 py-0.5 text-xs font-semibold text-gold-200">
            <Users className="h-3.5 w-3.5" aria-hidden="true" />
            Crew {job.crew}
          </span>
          <StatusBadge status={job.status} />
        </div>
      </div>
      <div className="space-y-1.5 text-sm">
        <p className="font-semibold text-ink-950">{job.customerName}</p>
        <p>
          <AddressLink address={job.address} />
        </p>
        {job.areaChecked === null && (
          <p className="inline-flex items-center gap-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
            <TriangleAlert className="h-3.5 w-3.5" aria-hidden="true" />
            Area not checked
          </p>
        )}
        <p>
          <PhoneLink phone={job.phone} name={job.customerName} />
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <DepositBadge deposit={job.deposit} />
      </div>
      {job.actualMinutes !== undefined && (
        <p className="text-sm text-neutral-800">
          Took {durationText(job.actualMinutes)} <span className="text-neutral-600">(booked for {durationText(job.durationMinutes)})</span>
        </p>
      )}
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      {job.notes && (
        <p className="flex gap-1.5 whitespace-pre-wrap rounded-md bg-gold-50 px-3 py-2 text-sm text-neutral-800">
          <StickyNote className="mt-0.5 h-4 w-4 shrink-0 text-gold-700" aria-hidden="true" />
          <span>
            <span className="font-semibold text-ink-950">Notes: </span>
            {job.notes}
          </span>
        </p>
      )}
    </article>
  );
}

/** A business block or an imported busy time: drawn apart from jobs, and named in words. */
export function TimeOff({ kind, time, compact = false }: { kind: 'block' | 'busy'; time: AgendaTime; compact?: boolean }) {
  const isBlock = kind === 'block';
  const Icon = isBlock ? Ban : CalendarX2;
  const label = isBlock ? 'Blocked' : 'Busy in your calendar';
  const style = isBlock
    ? 'border-neutral-400 bg-[repeating-linear-gradient(135deg,#f5f5f5_0,#f5f5f5_6px,#e5e5e5_6px,#e5e5e5_12px)] text-neutral-900'
    : 'border-dashed border-sky-700 bg-sky-50 text-sky-950';
  return (
    <div className={`flex items-start gap-1.5 rounded-md border ${style} ${compact ? 'px-2 py-1 text-xs' : 'px-3 py-2 text-sm'}`}>
      <Icon className={`${compact ? 'h-3.5 w-3.5' : 'h-4 w-4'} mt-0.5 shrink-0`} aria-hidden="true" />
      <span>
        <span className="font-semibold">{label}</span>: {timeRangeLabel(time)}
      </span>
    </div>
  );
}

/** Previous / this / next and a date field, for a day or a week. */
export function DateNav(props: {
  value: string;
  onChange: (date: string) => void;
  step: 'day' | 'week';
  currentLabel: string;
  onCurrent: () => void;
  dateLabel: string;
  children?: ReactNode;
}) {
  const id = useId();
  const unit = props.step === 'day' ? 'day' : 'week';
  const delta = props.step === 'day' ? 1 : 7;
  const shift = (by: number) => {
    const [y, m, d] = props.value.split('-').map(Number);
    const next = new Date(Date.UTC(y!, m! - 1, d! + by)).toISOString().slice(0, 10);
    props.onChange(next);
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="flex w-full gap-2 sm:w-auto">
        <button type="button" className={`${outlineButtonClass} flex-1 sm:flex-none`} onClick={() => shift(-delta)}>
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          <span>
            Previous<span className="sr-only sm:not-sr-only"> {unit}</span>
          </span>
        </button>
        <button type="button" className={`${outlineButtonClass} flex-1 whitespace-nowrap sm:flex-none`} onClick={props.onCurrent}>
          {props.currentLabel}
        </button>
        <button type="button" className={`${outlineButtonClass} flex-1 sm:flex-none`} onClick={() => shift(delta)}>
          <span>
            Next<span className="sr-only sm:not-sr-only"> {unit}</span>
          </span>
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
      <div className="w-full sm:w-auto">
        <label htmlFor={`${id}-date`} className={labelClass}>
          {props.dateLabel}
        </label>
        <input
          id={`${id}-date`}
          type="date"
          className={`${controlClass} sm:w-44`}
          value={props.value}
          onChange={(e) => {
            if (/^\d{4}-\d{2}-\d{2}$/.test(e.target.value)) props.onChange(e.target.value);
          }}
        />
      </div>
      {props.children}
    </div>
  );
}
