/**
 * Calendars: the owner's outside calendar feeds, fetched, parsed (in a worker thread) and synced as busy times.
 *
 * The domain's entry file: other domains, app.ts and the plugins import from here only.
 */
export { addCalendar, listCalendars, removeCalendar, syncCalendar, syncDueCalendars } from './services/calendar-sync';
export { checkedLookup, isPrivateAddress } from './services/calendar-fetch-policy';
export type { CalendarDeps } from './services/calendar-sync';
