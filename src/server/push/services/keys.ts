import webpush from 'web-push';
import type { DbOrTx } from '../../db/client';
import { findVapidKeys, insertVapidKeysIfMissing } from '../repositories/push';

/**
 * The server's VAPID key pair, made and stored the first time it is needed (main.ts asks at
 * start). Kept in the database, not the environment: every browser subscription is bound to the
 * public key, so it must survive restarts, be the same on every instance and travel with backups.
 */
export async function ensureVapidKeys(db: DbOrTx): Promise<{ publicKey: string; privateKey: string }> {
  const stored = await findVapidKeys(db);
  if (stored) return stored;
  await insertVapidKeysIfMissing(db, webpush.generateVAPIDKeys());
  // Another instance may have stored its pair first: read back the one kept.
  return (await findVapidKeys(db))!;
}
