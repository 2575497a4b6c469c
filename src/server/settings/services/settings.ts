import type { Db, DbOrTx } from '../../db/client';
import { bumpVersions, readSettingsValue, writeSettingsValue } from '../repositories/settings';
import { applySettingsPatch, DEFAULT_SETTINGS, settingsPatchSchema, settingsSchema, type Settings, type SettingsPatch } from '../../../shared/schemas/settings';

/**
 * Every time-slots and booking request reads the settings: they are kept this long per database
 * handle, so a change made through another app instance shows here within 2 s (a change made
 * here, at once). A transaction handle is new each time, so reads inside one always hit the row.
 */
const CACHE_MS = 2_000;
const cache = new WeakMap<object, { at: number; value: Promise<Settings> }>();

/**
 * The owner's settings. Stored whole as JSON (one row) and validated on the way in; a stored
 * object from an older version lacks the fields added since, which take their first values.
 */
export function getSettings(db: DbOrTx): Promise<Settings> {
  const hit = cache.get(db);
  const now = performance.now();
  if (hit && now - hit.at < CACHE_MS) return hit.value;
  const value = readSettingsValue(db).then(fromStored);
  cache.set(db, { at: now, value });
  // A failed read (database away) is not kept: the next request tries again.
  value.catch(() => cache.delete(db));
  return value;
}

/** The settings as stored right now, past the cache: for what is kept longer, like rendered pages. */
export async function readSettings(db: DbOrTx): Promise<Settings> {
  return fromStored(await readSettingsValue(db));
}

function fromStored(stored: unknown): Settings {
  if (!stored) return DEFAULT_SETTINGS;
  const parsed = settingsPatchSchema.safeParse(stored);
  // A stored object that no longer passes (a rule tightened since) keeps what still does.
  const patch: SettingsPatch = parsed.success ? parsed.data : {};
  return settingsSchema.parse(applySettingsPatch(DEFAULT_SETTINGS, patch));
}

/**
 * Whether a change of these fields makes the visitors' copies stale (the pages, /api/config).
 * The schedule's copies follow every change but one of `business`: the database's trigger on
 * the settings row bumps that version (migration 0009).
 */
function changesContent(patch: SettingsPatch): boolean {
  // /api/config serves the public part (the pages carry it): the window, notice and service area shape /book.
  // The crews' sizes say whether two-person items of the price list can be booked online (its
  // `twoPeopleBookable`); `crews` alone can add a crew of two.
  const shapesBook = patch.bookingWindowDays !== undefined || patch.minNoticeHours !== undefined || patch.crews !== undefined || patch.crewSizes !== undefined;
  return Boolean(patch.business || patch.hours || patch.closedDates || patch.serviceZips || shapesBook);
}

/** Applies a validated partial change in one transaction (concurrent PATCHes serialize on the row). */
export async function updateSettings(db: Db, patch: SettingsPatch, now: Date): Promise<Settings> {
  const next = await db.transaction(async (tx) => {
    const current = fromStored(await readSettingsValue(tx, { forUpdate: true }));
    const next = settingsSchema.parse(applySettingsPatch(current, patch));
    await writeSettingsValue(tx, next, now);
    if (changesContent(patch)) await bumpVersions(tx, ['content'], now);
    return next;
  });
  cache.delete(db);
  return next;
}
