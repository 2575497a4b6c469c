import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { onlineManager } from '@tanstack/react-query';
import type { AgendaDay, AgendaJob } from '../../../../shared/schemas/admin-agenda';
import { useAgenda, usePrefetchAgendaDay } from '../api/agenda-api';
import { usePendingActions } from '../offline/use-pending-actions';
import { addDays } from '../../../../shared/calendar-dates';
import { dayHoursLabel } from '../utils/agenda-format';
import { formatLongDate, todayInZone } from '../../../../shared/business-time';
import { DEFAULT_BUSINESS_TZ } from '../../../../shared/constants';
import { DateNav, JobCard, TimeOff } from './agenda-parts';
import { OnMyWayButton } from './on-my-way-button';
import { CompleteJobDialog } from './complete-job-dialog';
import { ADMIN_TRANSITIONS } from '../../../../shared/schemas/admin';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/admin/panel-states';
import { cardClass, outlineButtonClass } from '../../../components/admin/styles';

function DaySummary({ day }: { day: AgendaDay }) {
  const count = day.jobs.length;
  return (
    <p className="text-sm text-neutral-700">
      {dayHoursLabel(day)} · {day.crews} {day.crews === 1 ? 'crew' : 'crews'} · {count} {count === 1 ? 'job' : 'jobs'}
    </p>
  );
}

/**
 * The job's actions in Today: "On my way" when a text can go, "Complete" when the job can be
 * completed, and its invoice once completed; none, nothing.
 */
function jobActions(job: AgendaJob, invoiceAction: JobAction | undefined): ReactNode {
  const canComplete = ADMIN_TRANSITIONS[job.status]?.includes('completed') ?? false;
  const invoice = job.status === 'completed' && invoiceAction ? invoiceAction(job) : null;
  if (!job.canSendOnMyWay && !canComplete && !invoice) return undefined;
  return (
    <>
      {job.canSendOnMyWay && <OnMyWayButton job={job} />}
      {canComplete && <CompleteJobDialog job={job} />}
      {invoice}
    </>
  );
}

/** A job's action that another part of the admin gives (the invoice's, composed in src/client/app). */
export type JobAction = (job: AgendaJob) => ReactNode;

function DayAgenda({ day, isToday, invoiceAction }: { day: AgendaDay; isToday: boolean; invoiceAction?: JobAction }) {
  const timeOff = [...day.blocks.map((time) => ({ kind: 'block' as const, time })), ...day.busy.map((time) => ({ kind: 'busy' as const, time }))].sort((a, b) =>
    a.time.startsAt.localeCompare(b.time.startsAt),
  );
  return (
    <section aria-labelledby="today-day-heading" className="space-y-4">
      <div>
        <h2 id="today-day-heading" className="text-xl font-bold text-ink-950">
          {isToday ? `Today, ${formatLongDate(day.date)}` : formatLongDate(day.date)}
        </h2>
        <DaySummary day={day} />
      </div>
      {day.jobs.length === 0 ? (
        <PanelEmpty>{day.closed ? 'The business is closed on this day. No jobs are booked.' : 'No jobs are booked for this day.'}</PanelEmpty>
      ) : (
        <ol className="space-y-3" aria-label={`Jobs on ${formatLongDate(day.date)}, in time order`}>
          {day.jobs.map((job) => (
            <li key={job.id}>
              <JobCard job={job} actions={jobActions(job, invoiceAction)} />
            </li>
          ))}
        </ol>
      )}
      {timeOff.length > 0 && (
        <div className={`${cardClass} space-y-2 p-4`}>
          <h3 className="font-semibold text-ink-950">Blocked and busy times</h3>
          <ul className="space-y-2">
            {timeOff.map((item, i) => (
              <li key={`${item.kind}-${i}`}>
                <TimeOff kind={item.kind} time={item.time} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** Whether the phone has a signal, as the query client sees it (the browser's online and offline events). */
function useOnline() {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );
}

const timeOfDay = new Intl.DateTimeFormat('en-US', { timeZone: DEFAULT_BUSINESS_TZ, weekday: 'short', hour: 'numeric', minute: '2-digit' });

/** When the jobs shown were read, whether there is a signal, and what waits for one or was refused. */
function OfflineNotes({ online, updatedAt, pending }: { online: boolean; updatedAt: number | null; pending: ReturnType<typeof usePendingActions> }) {
  return (
    <div className="space-y-2">
      {updatedAt !== null && updatedAt > 0 && (
        <p className="text-sm text-neutral-700">
          {online ? 'Last updated' : 'No signal. Showing the jobs as last read,'} {timeOfDay.format(new Date(updatedAt))}.
        </p>
      )}
      {pending.waiting.length > 0 && (
        <div role="status" className="rounded-md border border-gold-500 bg-gold-50 px-3 py-2 text-sm text-ink-950">
          <p className="font-semibold">Waiting for a signal, then sent:</p>
          <ul className="mt-1 list-disc pl-5">
            {pending.waiting.map((a) => (
              <li key={`${a.kind}-${a.id}`}>
                {pending.actionText(a)} (pressed {timeOfDay.format(new Date(a.pressedAt))})
              </li>
            ))}
          </ul>
        </div>
      )}
      {pending.refused.length > 0 && (
        <div role="alert" className="rounded-md border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-900">
          <p className="font-semibold">Sent when the signal returned, and refused:</p>
          <ul className="mt-1 list-disc pl-5">
            {pending.refused.map((o) => (
              <li key={`${o.action.kind}-${o.action.id}-${o.action.pressedAt}`}>
                {pending.actionText(o.action)}: {o.message}
              </li>
            ))}
          </ul>
          <button type="button" className={`${outlineButtonClass} mt-2`} onClick={pending.dismissRefused}>
            Dismiss
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * The day's jobs in time order, for the owner on the road; opens on today (business clock). A
 * completed job shows `invoiceAction`.
 */
export function TodayPanel({ invoiceAction }: { invoiceAction?: JobAction }) {
  const [today] = useState(() => todayInZone(new Date(), DEFAULT_BUSINESS_TZ));
  const [date, setDate] = useState(today);
  const agenda = useAgenda(date, 1);
  const day = agenda.data?.days[0];
  // Tomorrow's jobs are read (and kept on the phone) while today's show.
  usePrefetchAgendaDay(date === today ? addDays(today, 1) : null);
  const online = useOnline();
  const pending = usePendingActions();

  return (
    <div className="space-y-5">
      <DateNav value={date} onChange={setDate} step="day" currentLabel="Today" onCurrent={() => setDate(today)} dateLabel="Go to date" />
      <OfflineNotes online={online} updatedAt={agenda.data ? agenda.dataUpdatedAt : null} pending={pending} />
      {(agenda.isPending || agenda.isPlaceholderData) && !online ? (
        <PanelEmpty>No signal, and this day was not read on this phone before. It shows once the signal returns.</PanelEmpty>
      ) : agenda.isPending ? (
        <PanelLoading label="Loading the day's jobs…" />
      ) : agenda.isError ? (
        <PanelError error={agenda.error} fallback="Could not load the day's jobs. Please try again." />
      ) : day ? (
        <div aria-busy={agenda.isFetching}>
          <DayAgenda day={day} isToday={day.date === agenda.data.today} invoiceAction={invoiceAction} />
        </div>
      ) : null}
    </div>
  );
}
