import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { siteSettings, siteVersions } from '../../db/schema';

export type VersionName = 'content' | 'schedule';

/** The stored settings object (validated by the service), or null on a database never given one. */
export async function readSettingsValue(db: DbOrTx, opts: { forUpdate?: boolean } = {}): Promise<unknown | null> {
  const query = db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  const rows = opts.forUpdate ? await query.for('update') : await query;
  return rows[0]?.value ?? null;
}

export async function writeSettingsValue(db: DbOrTx, value: unknown, now: Date): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ id: 1, value, updatedAt: now })
    .onConflictDoUpdate({ target: siteSettings.id, set: { value, updatedAt: now } });
}

/** Stores the first settings of a new database; leaves existing ones alone. */
export async function insertSettingsIfMissing(db: DbOrTx, value: unknown): Promise<void> {
  await db.insert(siteSettings).values({ id: 1, value }).onConflictDoNothing();
}

/**
 * Bumps the named counters in the caller's transaction, so instances polling them drop their
 * copies once it commits. Only `content`: the database bumps `schedule` itself, by triggers on
 * every table a day's availability is computed from (migration 0009).
 */
export async function bumpVersions(db: DbOrTx, names: 'content'[], now: Date): Promise<void> {
  for (const name of names) {
    await db
      .insert(siteVersions)
      .values({ name, version: 1, changedAt: now })
      .onConflictDoUpdate({ target: siteVersions.name, set: { version: sql`${siteVersions.version} + 1`, changedAt: now } });
  }
}

export async function readVersions(db: DbOrTx): Promise<Record<VersionName, number>> {
  const rows = await db.select({ name: siteVersions.name, version: siteVersions.version }).from(siteVersions);
  const out: Record<VersionName, number> = { content: 0, schedule: 0 };
  for (const r of rows) if (r.name === 'content' || r.name === 'schedule') out[r.name] = r.version;
  return out;
}
