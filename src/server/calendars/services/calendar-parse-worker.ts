import { parentPort, workerData } from 'node:worker_threads';
import { CalendarFeedError, parseBusyFeed, type BusyWindow } from './calendar-import';

/**
 * The worker thread of calendar-parse.ts: reads the one feed it is given and posts back the
 * BusyFeed (plain data and Dates, structured-cloned) or the CalendarFeedError's message. Any other
 * error is thrown, so the parent sees it as the worker's error.
 */
const { text, window } = workerData as { text: string; window: BusyWindow };
try {
  parentPort!.postMessage({ feed: parseBusyFeed(text, window) });
} catch (err) {
  if (!(err instanceof CalendarFeedError)) throw err;
  parentPort!.postMessage({ error: err.message });
}
