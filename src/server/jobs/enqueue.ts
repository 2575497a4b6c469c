import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/** The queue's tasks that name a record (the timed ones are named in workers.ts). */
export type RecordTask = 'send-email' | 'send-text' | 'send-push';

export interface EnqueueOptions {
  /** Not before then; now (the database's clock) when unset. */
  runAt?: Date;
  /** One waiting job per key: adding it again replaces the waiting one instead of adding a second. */
  jobKey?: string;
}

/**
 * Adds a job to the queue through `db`: pass the transaction of the write that causes it, so the
 * job exists if and only if that write was committed. The payload names records (ids), never a
 * link, token or message body: finished and failed jobs stay in the queue's tables for a while,
 * and backups may copy them.
 */
export async function enqueueJob(db: DbOrTx, task: RecordTask, payload: Record<string, number>, opts: EnqueueOptions = {}): Promise<void> {
  const runAt = opts.runAt ? opts.runAt.toISOString() : null;
  await db.execute(
    sql`select graphile_worker.add_job(${task}::text, ${JSON.stringify(payload)}::json, run_at => ${runAt}::timestamptz, job_key => ${opts.jobKey ?? null}::text, max_attempts => ${JOB_MAX_ATTEMPTS}::int)`,
  );
}

/**
 * Tries per job. A send that fails is not a failed job (the outbox row records it and a new job
 * is added for its retry, on the outbox's backoff); a job fails only when the database does, and
 * the queue retries it with its own exponential backoff.
 */
export const JOB_MAX_ATTEMPTS = 10;
