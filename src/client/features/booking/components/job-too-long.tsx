import { JOB_TOO_LONG_INSTEAD, jobTooLongLead } from '../utils/job-length';

const LINK = {
  light: 'font-semibold text-gold-700 underline underline-offset-2 hover:text-ink-950',
  dark: 'font-semibold text-gold-300 underline underline-offset-2 hover:text-white',
} as const;

/** The free estimate (/estimate), for what cannot be booked online. */
export function EstimateLink({ tone = 'light' }: { tone?: keyof typeof LINK }) {
  return (
    <a href="/estimate" className={LINK[tone]}>
      free estimate
    </a>
  );
}

/** Why a job longer than one visit has no times online, and the free estimate instead. */
export function JobTooLongNotice({ minutes, id, tone = 'light' }: { minutes: number; id?: string; tone?: keyof typeof LINK }) {
  const box = tone === 'dark' ? 'border-gold-400 bg-ink-800 text-white' : 'border-gold-300 bg-gold-50 text-ink-900';
  return (
    <p id={id} className={`rounded-md border p-3 text-sm ${box}`}>
      {jobTooLongLead(minutes)} {JOB_TOO_LONG_INSTEAD[0]} <EstimateLink tone={tone} /> {JOB_TOO_LONG_INSTEAD[2]}
    </p>
  );
}
