/**
 * Settings: the business settings (hours, crews, business facts, texts) and the versions that
 * tell cached pages and reads when they are stale.
 *
 * The domain's entry file: other domains, app.ts and the plugins import from here only.
 */
export { bumpVersions, insertSettingsIfMissing } from './repositories/settings';
export { getSettings, readSettings, updateSettings } from './services/settings';
export { createSiteVersions, createVersionedCache } from './services/versioned-cache';
export type { SiteVersions, VersionedCache } from './services/versioned-cache';
