import type { Db, DbOrTx } from '../../db/client';
import { retryDelayMs } from '../../jobs/backoff';

/** How long a claimed row is held by the instance sending it. */
export const LEASE_MS = 2 * 60_000;
/** A job that finds its row not yet due comes back no sooner than this. */
const MIN_RECHECK_MS = 1_000;

/** What the worker of either outbox needs besides its sender. */
export interface OutboxWorkerDeps {
  db: Db;
  now: () => Date;
  /** The sender: an email address, or for texts the sending number (E.164). */
  from: string;
  /** Multiplies the retry delays; 1 when unset. */
  backoffScale?: number;
  log?: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

/** One outbox (emails or texts): how its rows are claimed, rescheduled and sent. */
export interface Outbox<Row> {
  /** Claims up to `limit` due rows (or only row `onlyId`) for `leaseMs`. */
  claim(db: DbOrTx, now: Date, limit: number, leaseMs: number, onlyId?: number): Promise<Row[]>;
  /** When a pending row may be sent next; null when it is sent or given up. */
  waitsUntil(db: DbOrTx, id: number): Promise<Date | null>;
  /** Adds the job that sends row `id` at `runAt`. */
  enqueue(db: DbOrTx, id: number, runAt: Date): Promise<void>;
  /** Records a failed try: retried at `nextAttemptAt`, or given up when it is null. */
  markFailed(db: DbOrTx, id: number, error: string, nextAttemptAt: Date | null): Promise<void>;
  /** Sends one claimed row, recording the outcome; true when it went out. */
  send(row: Row): Promise<boolean>;
}

/** The sweep and the row job of one outbox, given how its worker sees it. */
export function outboxWorker<Deps extends OutboxWorkerDeps, Row>(outboxOf: (deps: Deps) => Outbox<Row>) {
  return {
    sendDue: (deps: Deps, batchSize = 20) => sendDueRows(outboxOf(deps), deps.db, deps.now(), batchSize),
    sendQueued: (deps: Deps, id: number) => sendQueuedRow(outboxOf(deps), deps.db, deps.now, id),
  };
}

/** The sweep: sends the rows that are due, once each. */
async function sendDueRows<Row>(outbox: Outbox<Row>, db: Db, now: Date, batchSize: number): Promise<{ sent: number; failed: number }> {
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
async function sendQueuedRow<Row>(outbox: Outbox<Row>, db: Db, now: () => Date, id: number): Promise<'sent' | 'failed' | 'later' | 'done'> {
  const [row] = await outbox.claim(db, now(), 1, LEASE_MS, id);
  if (row) return (await outbox.send(row)) ? 'sent' : 'failed';
  const waitsUntil = await outbox.waitsUntil(db, id);
  if (!waitsUntil) return 'done';
  const earliest = now().getTime() + MIN_RECHECK_MS;
  await outbox.enqueue(db, id, new Date(Math.max(waitsUntil.getTime(), earliest)));
  return 'later';
}

/**
 * After a failed send of a claimed row: it is retried after the backoff, its job added with the
 * row's new state in one transaction, or, when `giveUp`, marked failed and kept for the owner to
 * see. Logged either way as `what` ("email") with `details`. Returns false (not sent).
 */
export async function recordFailedSend<Row extends { id: number; attempts: number }>(
  deps: OutboxWorkerDeps,
  outbox: Outbox<Row>,
  row: Row,
  failure: { error: string; giveUp: boolean; what: string; details: object },
): Promise<false> {
  const next = failure.giveUp ? null : new Date(deps.now().getTime() + retryDelayMs(row.attempts, deps.backoffScale));
  await deps.db.transaction(async (tx) => {
    await outbox.markFailed(tx, row.id, failure.error, next);
    if (next) await outbox.enqueue(tx, row.id, next);
  });
  // Called as methods: pino's need their `this`; a detached call threw here and left the
  // rest of the batch leased and unsent.
  if (failure.giveUp) deps.log?.error(failure.details, `${failure.what} gave up`);
  else deps.log?.warn(failure.details, `${failure.what} send failed; will retry`);
  return false;
}
