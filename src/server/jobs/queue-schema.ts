import { Logger, runMigrations } from 'graphile-worker';
import type pg from 'pg';

/** Graphile Worker's log lines, dropped (migrations) or handed to a logger of ours (the runner). */
export const silentQueueLogger = new Logger(() => () => {});

/**
 * Installs or upgrades the job queue's schema (`graphile_worker`), as the installed package
 * ships it. Idempotent; Database.migrate runs it under the migration lock after the app's own.
 */
export async function migrateJobQueue(pool: pg.Pool): Promise<void> {
  await runMigrations({ pgPool: pool, logger: silentQueueLogger });
}
