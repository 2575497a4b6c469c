import type { Db } from '../../db/client';
import { enqueueJob } from '../../jobs/enqueue';
import { retryDelayMs } from '../../jobs/backoff';
import { claimPushEvent, countFailure, deleteSubscriptionById, finishPushTry, listUndelivered, recordDelivery } from '../repositories/push';
import { deliverPush, PUSH_TIMEOUT_MS } from './deliver';
import { ensureVapidKeys } from './keys';

/** Tries per event before it is given up on (its devices that never answered go without it). */
export const PUSH_MAX_ATTEMPTS = 6;
/** A try holds its event this long: every device's post (10 s each at most) and the writes after. */
const LEASE_MS = 2 * 60_000 + PUSH_TIMEOUT_MS;

export interface SendPushDeps {
  db: Db;
  now: () => Date;
  allowPrivateHosts: boolean;
  /** The VAPID subject: how a push service reaches whoever runs this server (mailto:). */
  subject: string;
  backoffScale: number;
  log?: { warn: (obj: object, msg: string) => void };
}

export type SendPushOutcome = { sent: number; dropped: number; failed: number } | 'not-pending';

/**
 * One try of an event: posts it to every device that wants it and has not had it. Each device
 * that accepts it is recorded at once, so a later try (or a second job for the same event) skips
 * it: once per event and device, except that a process killed between the push service's answer
 * and that record sends it again after the lease, as emails do (decision 0016). A 404 or 410 means
 * the browser unsubscribed: the device is dropped. Any other failure tries again on the
 * backoff, from a job added with the outcome.
 */
export async function sendPushEvent(deps: SendPushDeps, eventId: number): Promise<SendPushOutcome> {
  const { db } = deps;
  const startedAt = deps.now();
  const event = await claimPushEvent(db, eventId, startedAt, new Date(startedAt.getTime() + LEASE_MS));
  if (!event) return 'not-pending';
  const keys = await ensureVapidKeys(db);
  const vapid = { subject: deps.subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  const payload = JSON.stringify({ title: event.title, body: event.body, url: event.url, tag: `${event.kind}:${event.id}` });
  let sent = 0;
  let dropped = 0;
  const failed: { id: number; error: string }[] = [];
  for (const device of await listUndelivered(db, event)) {
    const answer = await deliverPush(device, payload, vapid, { allowPrivateHosts: deps.allowPrivateHosts });
    if ('status' in answer && answer.status >= 200 && answer.status < 300) {
      await recordDelivery(db, event.id, device.id, deps.now());
      sent++;
    } else if ('status' in answer && (answer.status === 404 || answer.status === 410)) {
      await deleteSubscriptionById(db, device.id);
      dropped++;
    } else {
      failed.push({ id: device.id, error: 'status' in answer ? `The push service answered ${answer.status}.` : answer.error });
    }
  }

  const attempts = event.attempts + 1;
  const done = failed.length === 0 || attempts >= PUSH_MAX_ATTEMPTS;
  const error = failed.length ? failed.map((f) => f.error).join(' ') : null;
  await db.transaction(async (tx) => {
    await countFailure(tx, failed.map((f) => f.id));
    await finishPushTry(tx, event.id, { done, attempts, error, now: deps.now() });
    if (!done) {
      const runAt = new Date(deps.now().getTime() + retryDelayMs(attempts, deps.backoffScale));
      await enqueueJob(tx, 'send-push', { pushEventId: event.id }, { runAt, jobKey: `push:${event.id}` });
    }
  });
  if (failed.length) deps.log?.warn({ pushEventId: event.id, attempts, error, givenUp: done }, 'push notification not delivered to every device');
  return { sent, dropped, failed: failed.length };
}
