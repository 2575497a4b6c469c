import { useState } from 'react';
import type { AgendaDay, AgendaJob } from '../../../../shared/schemas/admin-agenda';
import { useAgenda } from '../api/agenda-api';
import { dayHoursLabel, mondayOf, shortHoursLabel } from '../utils/agenda-format';
import { formatLongDate, formatWeekdayDay, todayInZone } from '../../../../shared/business-time';
import { DEFAULT_BUSINESS_TZ } from '../../../../shared/constants';
import { DateNav, TimeOff } from './agenda-parts';
import { AddressLink } from '../../../components/admin/contact-links';
import { PanelStates } from '../../../components/admin/panel-states';
import { cardClass } from '../../../components/admin/styles';

const WEEK_DAYS = 7;

function WeekJob({ job, showCrew }: { job: AgendaJob; showCrew: boolean }) {
  return (
    <article
      aria-label={`${job.startTime} to ${job.endTime}, ${job.serviceName}, ${job.customerName}`}
      className="space-y-0.5 rounded-md border border-l-4 border-neutral-200 border-l-gold-400 bg-white px-2 py-1.5 text-xs shadow-sm"
    >
      <p className="font-bold text-ink-950">
        {job.startTime} <span aria-hidden="true">–</span>
        <span className="sr-only">to</span> {job.endTime}
        {showCrew && <span className="font-semibold text-gold-800"> · Crew {job.crew}</span>}
      </p>
      <p className="font-semibold text-ink-950">{job.serviceName}</p>
      <p className="break-words text-neutral-700">
        {job.customerName} <span className="text-neutral-600">#{job.id}</span>
      </p>
      {job.status !== 'confirmed' && <p className="font-semibold capitalize text-neutral-800">{job.status}</p>}
    </article>
  );
}

function ClosedMark({ day }: { day: AgendaDay }) {
  if (!day.closed) return null;
  return <p className="rounded-md bg-neutral-200 px-2 py-1 text-xs font-semibold text-neutral-900">{day.closed === 'closed_date' ? 'Closed date' : 'Closed'}</p>;
}

/** Crews 1..crews, plus any crew a job still has after the owner lowered the number. */
function crewsOf(days: AgendaDay[]): number[] {
  const most = Math.max(1, ...days.map((d) => d.crews), ...days.flatMap((d) => d.jobs.map((j) => j.crew)));
  return Array.from({ length: most }, (_, i) => i + 1);
}

/** The wide screen: one column per day, one row per crew, and a first row of what closes time for every crew. */
function WeekGrid({ days, caption }: { days: AgendaDay[]; caption: string }) {
  const crews = crewsOf(days);
  const closedCell = (day: AgendaDay) => (day.closed ? 'bg-neutral-100' : '');
  return (
    <div className={`${cardClass} hidden overflow-hidden lg:block`}>
      <table className="w-full table-fixed border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-ink-950 text-gold-200">
          <tr>
            <th scope="col" className="w-24 px-2 py-2 font-semibold">
              <span className="sr-only">Crew</span>
            </th>
            {days.map((day) => (
              <th key={day.date} scope="col" className="px-2 py-2 align-top font-semibold">
                <span className="block text-white">{formatWeekdayDay(day.date)}</span>
                <span className="block text-xs font-normal text-gold-100">{shortHoursLabel(day)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          <tr className="align-top">
            <th scope="row" className="bg-neutral-50 px-2 py-2 text-xs font-semibold text-ink-950">
              All crews
            </th>
            {days.map((day) => (
              <td key={day.date} className={`space-y-1 border-l border-neutral-200 px-1.5 py-2 ${closedCell(day)}`}>
                <ClosedMark day={day} />
                {day.blocks.map((time, i) => (
                  <TimeOff key={`b${i}`} kind="block" time={time} compact />
                ))}
                {day.busy.map((time, i) => (
                  <TimeOff key={`s${i}`} kind="busy" time={time} compact />
                ))}
              </td>
            ))}
          </tr>
          {crews.map((crew) => (
            <tr key={crew} className="align-top">
              <th scope="row" className="bg-neutral-50 px-2 py-2 text-xs font-semibold text-ink-950">
                Crew {crew}
              </th>
              {days.map((day) => {
                const jobs = day.jobs.filter((j) => j.crew === crew);
                return (
                  <td key={day.date} className={`space-y-1 border-l border-neutral-200 px-1.5 py-2 ${closedCell(day)}`}>
                    {jobs.length === 0 ? (
                      <span className="sr-only">No jobs</span>
                    ) : (
                      jobs.map((job) => <WeekJob key={job.id} job={job} showCrew={false} />)
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type Item = { at: string; key: string } & ({ kind: 'job'; job: AgendaJob } | { kind: 'block' | 'busy'; time: AgendaDay['blocks'][number] });

/** The phone: the same week as a list of days, each in time order, with no sideways scrolling. */
function WeekList({ days }: { days: AgendaDay[] }) {
  return (
    <ol className="space-y-3 lg:hidden">
      {days.map((day) => {
        const items: Item[] = [
          ...day.jobs.map((job): Item => ({ at: job.startsAt, key: `j${job.id}`, kind: 'job', job })),
          ...day.blocks.map((time, i): Item => ({ at: time.startsAt, key: `b${i}`, kind: 'block', time })),
          ...day.busy.map((time, i): Item => ({ at: time.startsAt, key: `s${i}`, kind: 'busy', time })),
        ].sort((a, b) => a.at.localeCompare(b.at));
        return (
          <li key={day.date} className={`${cardClass} space-y-2 p-3 ${day.closed ? 'bg-neutral-100' : ''}`}>
            <h3 className="flex flex-wrap items-baseline justify-between gap-x-2 font-semibold text-ink-950">
              {formatLongDate(day.date)}
              <span className="text-xs font-normal text-neutral-700">{dayHoursLabel(day)}</span>
            </h3>
            {items.length === 0 ? (
              <p className="text-sm text-neutral-700">No jobs.</p>
            ) : (
              <ul className="space-y-2">
                {items.map((item) => (
                  <li key={item.key}>
                    {item.kind === 'job' ? (
                      <div className="space-y-1">
                        <WeekJob job={item.job} showCrew />
                        <p className="pl-1 text-xs">
                          <AddressLink address={item.job.address} />
                        </p>
                      </div>
                    ) : (
                      <TimeOff kind={item.kind} time={item.time} compact />
                    )}
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** Seven days of jobs per crew, with blocks, closed days and imported busy times drawn in. */
export function WeekPanel() {
  const [thisWeek] = useState(() => mondayOf(todayInZone(new Date(), DEFAULT_BUSINESS_TZ)));
  const [start, setStart] = useState(thisWeek);
  const agenda = useAgenda(start, WEEK_DAYS);
  const days = agenda.data?.days ?? [];
  const title = days.length ? `Week of ${formatLongDate(days[0]!.date)}` : 'Week';
  const jobs = days.reduce((n, d) => n + d.jobs.length, 0);

  return (
    <div className="space-y-5">
      <DateNav value={start} onChange={setStart} step="week" currentLabel="This week" onCurrent={() => setStart(thisWeek)} dateLabel="Week starting" />
      <PanelStates query={agenda} loading="Loading the week…" failed="Could not load the week. Please try again.">
        <section aria-labelledby="week-heading" aria-busy={agenda.isFetching} className="space-y-3">
          <div>
            <h2 id="week-heading" className="text-xl font-bold text-ink-950">
              {title}
            </h2>
            <p className="text-sm text-neutral-700">
              {jobs} {jobs === 1 ? 'job' : 'jobs'} this week
            </p>
          </div>
          <WeekGrid days={days} caption={`Jobs per crew, ${title.charAt(0).toLowerCase()}${title.slice(1)}`} />
          <WeekList days={days} />
        </section>
      </PanelStates>
    </div>
  );
}
