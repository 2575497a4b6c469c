import { useState, type ReactNode } from 'react';
import type { AgendaDay, AgendaJob } from '../../../../shared/schemas/admin-agenda';
import { useAgenda } from '../api/agenda-api';
import { dayHoursLabel } from '../utils/agenda-format';
import { formatLongDate, todayInZone } from '../../../../shared/business-time';
import { DEFAULT_BUSINESS_TZ } from '../../../../shared/constants';
import { DateNav, JobCard, TimeOff } from './agenda-parts';
import { OnMyWayButton } from './on-my-way-button';
import { CompleteJobDialog } from './complete-job-dialog';
import { ADMIN_TRANSITIONS } from '../../../../shared/schemas/admin';
import { PanelEmpty, PanelError, PanelLoading } from '../../../components/admin/panel-states';
import { cardClass } from '../../../components/admin/styles';

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

/**
 * The day's jobs in time order, for the owner on the road; opens on today (business clock). A
 * completed job shows `invoiceAction`.
 */
export function TodayPanel({ invoiceAction }: { invoiceAction?: JobAction }) {
  const [today] = useState(() => todayInZone(new Date(), DEFAULT_BUSINESS_TZ));
  const [date, setDate] = useState(today);
  const agenda = useAgenda(date, 1);
  const day = agenda.data?.days[0];

  return (
    <div className="space-y-5">
      <DateNav value={date} onChange={setDate} step="day" currentLabel="Today" onCurrent={() => setDate(today)} dateLabel="Go to date" />
      {agenda.isPending ? (
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
