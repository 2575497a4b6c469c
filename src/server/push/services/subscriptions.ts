import type { Db } from '../../db/client';
import { NotFoundError, ValidationError } from '../../errors';
import { PUSH_EVENTS, type CreatePushSubscriptionInput, type PushEvent, type PushSubscriptionInfo } from '../../../shared/schemas/push';
import { deleteSubscription, listUserSubscriptions, upsertSubscription, type PushSubscriptionRow } from '../repositories/push';
import { endpointProblem } from './endpoint-policy';
import { ensureVapidKeys } from './keys';

export interface SubscriptionDeps {
  db: Db;
  now: Date;
  allowPrivateHosts: boolean;
}

function toInfo(row: PushSubscriptionRow): PushSubscriptionInfo {
  return {
    endpoint: row.endpoint,
    events: PUSH_EVENTS.filter((e) => row.events.includes(e)),
    createdAt: row.createdAt.toISOString(),
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
  };
}

export async function pushPublicKey(db: Db): Promise<{ publicKey: string }> {
  return { publicKey: (await ensureVapidKeys(db)).publicKey };
}

/** Turns notifications on for a device, or changes its events: one row per endpoint. */
export async function subscribe(deps: SubscriptionDeps, userId: number, input: CreatePushSubscriptionInput): Promise<PushSubscriptionInfo> {
  const problem = endpointProblem(input.endpoint, deps.allowPrivateHosts);
  if (problem) throw new ValidationError(problem, { endpoint: problem });
  const events: PushEvent[] = PUSH_EVENTS.filter((e) => input.events.includes(e));
  const row = await upsertSubscription(deps.db, { userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, events, now: deps.now });
  return toInfo(row);
}

/** Turns them off for a device. Only its owner's device: another user's endpoint is not found. */
export async function unsubscribe(db: Db, userId: number, endpoint: string): Promise<{ message: string }> {
  if (!(await deleteSubscription(db, endpoint, userId))) throw new NotFoundError('This device has no notifications turned on.');
  return { message: 'Notifications are off on this device.' };
}

export async function listSubscriptions(db: Db, userId: number): Promise<PushSubscriptionInfo[]> {
  return (await listUserSubscriptions(db, userId)).map(toInfo);
}
