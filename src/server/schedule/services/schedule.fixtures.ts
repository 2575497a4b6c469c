import { availableJobStarts, bookingInterval, businessDayBounds, checkJobStart, DEFAULT_SCHEDULE_SETTINGS, DEFAULT_WEEKLY_HOURS, type JobDayInput } from './schedule';

/**
 * Job-engine cases whose results must not depend on the process's own zone; schedule.tz.test.ts
 * runs them here and in child processes started with other TZ values and compares the output.
 */
const LA = 'America/Los_Angeles';
const sundayOpen = (open: string, close: string) => ({ ...DEFAULT_WEEKLY_HOURS, '0': { open, close } });
const base = { timeZone: LA, jobs: [], businessBlocks: [], overrides: [], busy: [], durationMinutes: 120, settings: DEFAULT_SCHEDULE_SETTINGS };
const confirmed = { status: 'confirmed', holdExpiresAt: null };

export const TZ_CASES: JobDayInput[] = [
  { ...base, date: '2026-12-07', now: new Date('2026-12-01T17:00:00Z') },
  { ...base, date: '2026-12-01', now: new Date('2026-12-02T07:30:00Z') },
  {
    ...base,
    date: '2026-12-07',
    now: new Date('2026-12-01T17:00:00Z'),
    settings: { ...DEFAULT_SCHEDULE_SETTINGS, crews: 2 },
    jobs: [
      { crew: 1, startsAt: new Date('2026-12-07T17:00:00Z'), endsAt: new Date('2026-12-07T19:30:00Z'), ...confirmed },
      { crew: 2, startsAt: new Date('2026-12-07T18:00:00Z'), endsAt: new Date('2026-12-07T20:30:00Z'), ...confirmed },
    ],
    busy: [{ startsAt: new Date('2026-12-07T06:00:00Z'), endsAt: new Date('2026-12-07T16:30:00Z') }],
  },
  { ...base, date: '2026-03-08', now: new Date('2026-03-01T17:00:00Z'), settings: { ...DEFAULT_SCHEDULE_SETTINGS, hours: sundayOpen('00:00', '06:00') } },
  { ...base, date: '2026-11-01', now: new Date('2026-10-25T17:00:00Z'), durationMinutes: 180, settings: { ...DEFAULT_SCHEDULE_SETTINGS, hours: sundayOpen('00:00', '04:00') } },
  { ...base, date: '2026-11-01', now: new Date('2026-10-25T17:00:00Z'), overrides: [{ slotTime: '9:00 AM', isAvailable: true }, { slotTime: '10:00 AM', isAvailable: true }] },
];

export function runCases(): unknown {
  return {
    starts: TZ_CASES.map((c) => availableJobStarts(c).map((s) => [s.id, s.label, s.startsAt.toISOString(), s.endsAt.toISOString(), s.freeCrews])),
    checks: TZ_CASES.map((c) => ['8:00 AM', '2:00 AM', '5:00 PM'].map((label) => checkJobStart(c, label))),
    intervals: [
      bookingInterval({ date: '2026-03-08', label: '1:00 AM', durationMinutes: 120, travelBufferMinutes: 30, timeZone: LA }),
      bookingInterval({ date: '2026-11-01', label: '12:00 AM', durationMinutes: 180, travelBufferMinutes: 30, timeZone: LA }),
    ].map((i) => [i.startsAt.toISOString(), i.endsAt.toISOString()]),
    days: ['2026-03-08', '2026-11-01'].map((d) => businessDayBounds(d, LA)).map((b) => [b.startsAt.toISOString(), b.endsAt.toISOString()]),
  };
}
