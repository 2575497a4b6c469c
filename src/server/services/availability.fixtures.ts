import { availableSlots, startsAt, todayInZone, type AvailabilityInput } from './availability';

/**
 * Engine cases whose results must not depend on the process's own zone; availability.tz.test.ts
 * runs them here and in child processes started with other TZ values and compares the output.
 */
const LA = 'America/Los_Angeles';
const base = { timeZone: LA, bookings: [], businessBlocks: [], overrides: [] };

export const TZ_CASES: AvailabilityInput[] = [
  { ...base, date: '2026-12-07', now: new Date('2026-12-01T17:00:00Z') },
  { ...base, date: '2026-12-01', now: new Date('2026-12-01T17:00:00Z') },
  { ...base, date: '2026-12-01', now: new Date('2026-12-02T07:30:00Z') },
  { ...base, date: '2026-12-12', now: new Date('2026-12-01T17:00:00Z') },
  { ...base, date: '2026-03-08', now: new Date('2026-03-01T17:00:00Z'), overrides: [{ slotTime: '9:00 AM', isAvailable: true }] },
  { ...base, date: '2026-03-09', now: new Date('2026-03-09T06:30:00Z') },
  { ...base, date: '2026-11-01', now: new Date('2026-10-25T17:00:00Z'), overrides: [{ slotTime: '9:00 AM', isAvailable: true }] },
  { ...base, date: '2026-11-02', now: new Date('2026-11-01T08:30:00Z') },
];

export function runCases(): unknown {
  return {
    slots: TZ_CASES.map((c) => availableSlots(c).map((s) => [s.id, s.label, s.startsAt.toISOString()])),
    today: TZ_CASES.map((c) => todayInZone(c.now, LA)),
    starts: [startsAt('2026-03-08', '9:00 AM', LA).toISOString(), startsAt('2026-11-01', '9:00 AM', LA).toISOString()],
  };
}
