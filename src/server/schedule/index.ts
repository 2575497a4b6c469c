/**
 * Schedule: the job engine (which starts a job can have, by which crew), the offered starts,
 * blocked times, the services catalogue rows the engine reads, and the owner's agenda.
 *
 * The domain's entry file: other domains, app.ts and the plugins import from here only.
 */
export { listUserBlockedTimes } from './repositories/blocked-times';
export { countLiveHolds, findServiceBySlug, isCrewOverlap, listActiveServices, lockBookingDay, lockHolder, retryOnConflict } from './repositories/schedule';
export { adminAgendaRoutes } from './routes/admin-agenda';
export { adminScheduleRoutes } from './routes/admin-schedule';
export { availabilityRoutes } from './routes/availability';
export { blockedTimeRoutes } from './routes/blocked-times';
export { DEFAULT_JOB_MINUTES, SLOT_TAKEN_MESSAGE, SLOT_UNAVAILABLE_MESSAGE, isTooShortFor, loadBookingJobDay, loadJobDay, offeredStarts, refusal, requireService } from './services/job-schedule';
export { addDays, availableJobStarts, businessDayBounds, checkJobStart, chooseCrew, dayStarts, freeCrewsAt, suitableCrews, hoursToMinutes, labelToMinutes, minutesToLabel, startsAt, todayInZone, weekdayOf } from './services/schedule';
export type { BusyInterval, JobDayInput, JobStart, JobStartCheck } from './services/schedule';
