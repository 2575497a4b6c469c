import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CalendarFeedError, type BusyFeed, type BusyWindow } from './calendar-import';

/**
 * Reads a fetched feed off the main thread. A legal 5 MB feed can cost ical.js far more memory
 * than its size (a million one-letter properties took 165 MB of heap), which under `npm start`'s
 * 192 MB cap would take the whole server down. So the text is first counted (more content lines
 * than MAX_FEED_LINES is refused at once, the common case of a feed too big), then parsed in a
 * worker thread with its own heap limit and a time limit: the worst feed costs that feed an error
 * on the owner's Schedule screen, and the server and the other feeds go on. One feed is parsed at
 * a time, so at most one worker's memory is in use.
 */

/** Content lines (folded continuations not counted) read from one feed: a real 5 MB feed has about 200,000. */
export const MAX_FEED_LINES = 300_000;
/** Old-space limit of the parsing worker: a real 5 MB feed needs about 110 MB. */
export const PARSE_MEMORY_MB = 128;
/** A real 5 MB feed takes 4-6 s on a loaded 2-core machine; the sync's 60 s lease covers fetch and parse. */
export const PARSE_TIMEOUT_MS = 30_000;

/** A feed too big or too slow to read; `message` is written whole for the owner's screen. */
export class CalendarTooLargeError extends CalendarFeedError {
  override name = 'CalendarTooLargeError';
}

export interface ParseLimits {
  maxLines?: number;
  memoryMb?: number;
  timeoutMs?: number;
}

/** Lines that start a property (RFC 5545 3.1: a line starting with a space or tab continues the one before). */
function countContentLines(text: string, stopAfter: number): number {
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1 && lines <= stopAfter; i = text.indexOf('\n', i + 1)) {
    const next = text.charCodeAt(i + 1);
    if (next !== 0x20 && next !== 0x09) lines += 1;
  }
  return lines;
}

/**
 * The worker: the bundled calendar-parse-worker.js next to the server bundle (scripts/build.mjs
 * emits it beside main.js), or, run from the TypeScript sources (tests, `npm run dev`), the .ts
 * file compiled by tsx in the worker as in the parent.
 */
function startWorker(workerData: unknown, memoryMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: memoryMb };
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./calendar-parse-worker.js', import.meta.url), { workerData, resourceLimits });
  // tsx's ESM API; its CommonJS build registers the hooks from a wrong path inside a worker.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const file = new URL('./calendar-parse-worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then((api) => api.tsImport(${JSON.stringify(file)}, ${JSON.stringify(file)}));`;
  return new Worker(boot, { eval: true, workerData, resourceLimits });
}

function parseOnce(text: string, window: BusyWindow, memoryMb: number, timeoutMs: number): Promise<BusyFeed> {
  return new Promise((resolve, reject) => {
    const worker = startWorker({ text, window }, memoryMb);
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new CalendarTooLargeError(`This calendar took too long to read (more than ${timeoutMs / 1000} seconds).`))), timeoutMs);
    worker.once('message', (reply: { feed?: BusyFeed; error?: string }) =>
      settle(() => (reply.feed ? resolve(reply.feed) : reject(new CalendarFeedError(reply.error ?? 'The calendar could not be read.')))),
    );
    worker.once('error', (err: NodeJS.ErrnoException) =>
      settle(() =>
        reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new CalendarTooLargeError(`This calendar is too large to read (it needs more than ${memoryMb} MB of memory).`) : err),
      ),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`the calendar parser stopped (exit code ${code}) without an answer`))));
  });
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * parseBusyFeed in a worker thread, one feed at a time. Throws CalendarFeedError as parseBusyFeed
 * does, CalendarTooLargeError for a feed over the line, memory or time limit (`limits` lowers them
 * in tests), and anything else the worker died of.
 */
export function parseBusyFeedInWorker(text: string, window: BusyWindow, limits: ParseLimits = {}): Promise<BusyFeed> {
  const maxLines = limits.maxLines ?? MAX_FEED_LINES;
  if (countContentLines(text, maxLines) > maxLines) {
    return Promise.reject(new CalendarTooLargeError(`This calendar is too large to read (more than ${maxLines.toLocaleString('en-US')} lines).`));
  }
  const run = queue.then(() => parseOnce(text, window, limits.memoryMb ?? PARSE_MEMORY_MB, limits.timeoutMs ?? PARSE_TIMEOUT_MS));
  queue = run.catch(() => undefined);
  return run;
}
