import { availableJobStarts, bookingInterval, DEFAULT_SCHEDULE_SETTINGS, type CrewJob, type JobDayInput, type ScheduleSettings } from './schedule';

/** What the schedule's unit tests share: a fixed now, named days and the day question's defaults. */
export const LA = 'America/Los_Angeles';
// Tuesday 2026-12-01, 9:00 AM in Los Angeles (PST, UTC-8).
export const NOW = new Date('2026-12-01T17:00:00Z');
export const MONDAY = '2026-12-07';
export const SATURDAY = '2026-12-12';
export const SUNDAY = '2026-12-13';
export const WEEKDAY = ['8:00 AM', '9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM'];
export const H = 3_600_000;

type Extra = Partial<Omit<JobDayInput, 'settings'>> & { settings?: Partial<ScheduleSettings> };

/** A day question with the default settings, no buffer unless given, nothing booked. */
export function day(date: string, extra: Extra = {}): JobDayInput {
  const { settings, ...rest } = extra;
  return {
    date,
    now: NOW,
    timeZone: LA,
    durationMinutes: 60,
    jobs: [],
    businessBlocks: [],
    overrides: [],
    busy: [],
    ...rest,
    settings: { ...DEFAULT_SCHEDULE_SETTINGS, travelBufferMinutes: 0, ...settings },
  };
}
export const labels = (i: JobDayInput) => availableJobStarts(i).map((s) => s.label);

/** A stored job of `crew`: the interval bookingInterval gives, as the database will hold it. */
export function job(crew: number, date: string, label: string, durationMinutes: number, travelBufferMinutes: number, hold: Partial<CrewJob> = {}): CrewJob {
  return { crew, ...bookingInterval({ date, label, durationMinutes, travelBufferMinutes, timeZone: LA }), status: 'confirmed', holdExpiresAt: null, ...hold };
}
export const at = (iso: string) => new Date(iso);
