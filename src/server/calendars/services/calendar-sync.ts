import type { Db } from '../../db/client';
import { claimFeed, deleteFeed, findFeed, insertFeed, listFeeds, listFeedsDue, storeFeedError, storeFeedSync, type CalendarFeedRow } from '../repositories/calendars';
import { NotFoundError, ValidationError } from '../../errors';
import type { CalendarFeed } from '../../../shared/schemas/calendars';
import { CalendarFeedError } from './calendar-import';
import { FeedFetchError, fetchFeed, parseFeedUrl } from './calendar-fetch';
import { CalendarTooLargeError, parseBusyFeedInWorker } from './calendar-parse';
import { addDays, businessDayBounds, todayInZone } from '../../schedule';
import { getSettings } from '../../settings';
import { calendarFailingNotice, queuePush } from '../../push';

/** How often each feed is fetched. */
export const SYNC_INTERVAL_MS = 10 * 60_000;
/** A fetch takes at most 10 s and its parse 30 s; the lease outlasts both with room to store the result. */
const LEASE_MS = 60_000;

export interface CalendarDeps {
  db: Db;
  now: Date;
  timeZone: string;
  allowPrivateHosts: boolean;
  log?: { warn: (obj: object, msg: string) => void };
}

export function toCalendarFeed(row: CalendarFeedRow): CalendarFeed {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    eventCount: row.eventCount,
    lastError: row.lastError,
  };
}

export async function listCalendars(db: Db): Promise<CalendarFeed[]> {
  return (await listFeeds(db)).map(toCalendarFeed);
}

/** Adds a feed and fetches it at once, so the owner sees at the first answer whether it works. */
export async function addCalendar(deps: CalendarDeps, input: { name: string; url: string }): Promise<CalendarFeed> {
  let url: URL;
  try {
    url = parseFeedUrl(input.url);
  } catch (err) {
    if (err instanceof FeedFetchError) throw new ValidationError(err.message, { url: err.message });
    throw err;
  }
  const row = await insertFeed(deps.db, { name: input.name.trim(), url: url.toString(), now: deps.now });
  return syncCalendar(deps, row.id);
}

export async function removeCalendar(deps: Pick<CalendarDeps, 'db' | 'now'>, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    // Its busy times go with it; deleting them bumps the schedule version (trigger, migration 0009).
    if (!(await deleteFeed(tx, id))) throw new NotFoundError('Calendar not found');
  });
}

/**
 * Fetches one feed now and stores its busy intervals of the booking window. Another instance
 * already fetching it wins: this one answers with the feed as it stands. A failure keeps the
 * last good intervals and records why. With `triedBefore` (the background job) the feed is fetched
 * only if it is still due.
 */
export async function syncCalendar(deps: CalendarDeps, id: number, opts: { triedBefore?: Date } = {}): Promise<CalendarFeed> {
  const { db, now } = deps;
  const claimed = await claimFeed(db, id, now, new Date(now.getTime() + LEASE_MS), opts.triedBefore);
  if (!claimed) {
    const current = await findFeed(db, id);
    if (!current) throw new NotFoundError('Calendar not found');
    return toCalendarFeed(current);
  }
  try {
    const today = todayInZone(now, deps.timeZone);
    // The stored intervals cover the booking window of the day they were read: a 304 may keep them
    // only when the last attempt worked and was made today (the first attempt of a day, or the
    // first after a failure, reads the feed whole), else the days entering the window stay open.
    const storedIsToday = claimed.lastAttemptAt !== null && claimed.lastError === null && todayInZone(claimed.lastAttemptAt, deps.timeZone) === today;
    const validators = storedIsToday ? { etag: claimed.etag, lastModified: claimed.lastModified } : undefined;
    const result = await fetchFeed(claimed.url, { allowPrivateHosts: deps.allowPrivateHosts, validators });
    if (result.status === 'not-modified') return toCalendarFeed((await storeFeedSync(db, id, { now, busy: null }))!);
    const settings = await getSettings(db);
    const from = businessDayBounds(today, deps.timeZone).startsAt;
    const to = businessDayBounds(addDays(today, settings.bookingWindowDays), deps.timeZone).endsAt;
    let feed;
    try {
      // In a worker thread with its own memory and time limits: the worst feed fails alone.
      feed = await parseBusyFeedInWorker(result.body, { from, to, timeZone: deps.timeZone });
    } catch (err) {
      if (err instanceof CalendarTooLargeError) throw new FeedFetchError(err.message);
      if (err instanceof CalendarFeedError) throw new FeedFetchError(`The calendar could not be read: ${err.message}`);
      throw err;
    }
    // One transaction: the busy times are replaced whole. Replacing them bumps the schedule
    // version (trigger, migration 0009).
    const row = await db.transaction((tx) => storeFeedSync(tx, id, { now, busy: feed.busy, eventCount: feed.events, etag: result.etag, lastModified: result.lastModified }));
    return toCalendarFeed(row!);
  } catch (err) {
    const message = err instanceof FeedFetchError ? err.message : 'The calendar could not be fetched.';
    if (!(err instanceof FeedFetchError)) deps.log?.warn({ err, calendarId: id }, 'calendar sync failed unexpectedly');
    // The owner hears of a feed that worked and stopped (once, until it works again), not of one
    // that never worked: adding it showed that on the screen.
    const stopped = claimed.lastError === null && claimed.lastSyncedAt !== null;
    const row = await db.transaction(async (tx) => {
      const stored = await storeFeedError(tx, id, { now, error: message });
      if (stored && stopped) await queuePush(tx, calendarFailingNotice({ id, name: stored.name, error: message, since: now }), now);
      return stored;
    });
    if (!row) throw new NotFoundError('Calendar not found');
    return toCalendarFeed(row);
  }
}

/** The background job: every feed not tried for SYNC_INTERVAL_MS, one after another. */
export async function syncDueCalendars(deps: CalendarDeps): Promise<number> {
  const triedBefore = new Date(deps.now.getTime() - SYNC_INTERVAL_MS);
  const due = await listFeedsDue(deps.db, triedBefore, deps.now);
  // Still due when its turn comes: another instance may have synced it since the list was read.
  for (const feed of due) await syncCalendar(deps, feed.id, { triedBefore });
  return due.length;
}
