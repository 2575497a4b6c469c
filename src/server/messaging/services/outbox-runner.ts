import type { Db } from '../../db/client';

/** How long a claimed row is held by the instance sending it. */
export const LEASE_MS = 2 * 60_000;
/** A job that finds its row not yet due comes back no sooner than this. */
const MIN_RECHECK_MS = 1_000;

/** One outbox (emails or texts): how its rows are claimed, rescheduled and sent. */
export interface Outbox<Row> {
  /** Claims up to `limit` due rows (or only row `onlyId`) for `leaseMs`. */
  claim(db: Db, now: Date, limit: number, leaseMs: number, onlyId?: number): Promise<Row[]>;
  /** When a pending row may be sent next; null when it is sent or given up. */
  waitsUntil(db: Db, id: number): Promise<Date | null>;
  /** Adds the job that sends row `id` at `runAt`. */
  enqueue(db: Db, id: number, runAt: Date): Promise<void>;
  /** Sends one claimed row, recording the outcome; true when it went out. */
  send(row: Row): Promise<boolean>;
}

/** The sweep: sends the rows that are due, once each. */
export async function sendDueRows<Row>(outbox: Outbox<Row>, db: Db, now: Date, batchSize: number): Promise<{ sent: number; failed: number }> {
  const claimed = await outbox.claim(db, now, batchSize, LEASE_MS);
  let sent = 0;
  let failed = 0;
  for (const row of claimed) {
    if (await outbox.send(row)) sent++;
    else failed++;
  }
  return { sent, failed };
}

/**
 * A row's job: sends row `id` if it is due and no one else holds it. A row not due yet (its retry
 * time, or another instance's lease) gets a job for that time; a row sent or given up ends the job.
 */
export async function sendQueuedRow<Row>(outbox: Outbox<Row>, db: Db, now: () => Date, id: number): Promise<'sent' | 'failed' | 'later' | 'done'> {
  const [row] = await outbox.claim(db, now(), 1, LEASE_MS, id);
  if (row) return (await outbox.send(row)) ? 'sent' : 'failed';
  const waitsUntil = await outbox.waitsUntil(db, id);
  if (!waitsUntil) return 'done';
  const earliest = now().getTime() + MIN_RECHECK_MS;
  await outbox.enqueue(db, id, new Date(Math.max(waitsUntil.getTime(), earliest)));
  return 'later';
}
