import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pushDeliveries, pushEvents, pushSubscriptions, pushVapidKeys } from '../../db/schema';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type PushEventRow = typeof pushEvents.$inferSelect;

export async function findVapidKeys(db: DbOrTx): Promise<{ publicKey: string; privateKey: string } | undefined> {
  const [row] = await db.select({ publicKey: pushVapidKeys.publicKey, privateKey: pushVapidKeys.privateKey }).from(pushVapidKeys).where(eq(pushVapidKeys.id, 1));
  return row;
}

/** Stores the key pair unless one exists (two instances starting at once keep the first). */
export async function insertVapidKeysIfMissing(db: DbOrTx, keys: { publicKey: string; privateKey: string }): Promise<void> {
  await db.insert(pushVapidKeys).values({ id: 1, ...keys }).onConflictDoNothing();
}

/** Adds the device or, for an endpoint already stored, replaces its keys, owner and events. */
export async function upsertSubscription(
  db: DbOrTx,
  values: { userId: number; endpoint: string; p256dh: string; auth: string; events: string[]; now: Date },
): Promise<PushSubscriptionRow> {
  const { now, ...rest } = values;
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ ...rest, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: rest.userId, p256dh: rest.p256dh, auth: rest.auth, events: rest.events, updatedAt: now, failures: 0 },
    })
    .returning();
  return row;
}

export async function deleteSubscription(db: DbOrTx, endpoint: string, userId?: number): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), userId !== undefined ? eq(pushSubscriptions.userId, userId) : undefined))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function deleteSubscriptionById(db: DbOrTx, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function listUserSubscriptions(db: DbOrTx, userId: number): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(pushSubscriptions.id);
}

export async function anySubscriptionWants(db: DbOrTx, kind: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(sql`${kind} = any(${pushSubscriptions.events})`)
    .limit(1);
  return row !== undefined;
}

/** The new event's id; null when its dedupe key was queued before. */
export async function insertPushEvent(
  db: DbOrTx,
  values: { kind: string; title: string; body: string; url: string; dedupeKey: string | null; now: Date },
): Promise<number | null> {
  const { now, ...rest } = values;
  const [row] = await db.insert(pushEvents).values({ ...rest, createdAt: now }).onConflictDoNothing({ target: pushEvents.dedupeKey }).returning({ id: pushEvents.id });
  return row?.id ?? null;
}

/**
 * Takes a pending event for one try until `until`: null when it is done, gone, or another try
 * holds it (a job for it running elsewhere).
 */
export async function claimPushEvent(db: DbOrTx, id: number, now: Date, until: Date): Promise<PushEventRow | undefined> {
  const [row] = await db
    .update(pushEvents)
    .set({ lockedUntil: until })
    .where(and(eq(pushEvents.id, id), eq(pushEvents.status, 'pending'), or(isNull(pushEvents.lockedUntil), lte(pushEvents.lockedUntil, now))))
    .returning();
  return row;
}

/** The devices that want the event and have not had it: chosen its kind, subscribed by the time it happened. */
export async function listUndelivered(db: DbOrTx, event: PushEventRow): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(
      and(
        sql`${event.kind} = any(${pushSubscriptions.events})`,
        lte(pushSubscriptions.createdAt, event.createdAt),
        sql`not exists (select 1 from ${pushDeliveries} d where d.event_id = ${event.id} and d.subscription_id = ${pushSubscriptions.id})`,
      ),
    )
    .orderBy(pushSubscriptions.id);
}

/** The device got the event: recorded so no later try sends it again; its failure count starts over. */
export async function recordDelivery(db: DbOrTx, eventId: number, subscriptionId: number, now: Date): Promise<void> {
  await db.insert(pushDeliveries).values({ eventId, subscriptionId, sentAt: now }).onConflictDoNothing();
  await db.update(pushSubscriptions).set({ lastSuccessAt: now, failures: 0 }).where(eq(pushSubscriptions.id, subscriptionId));
}

export async function countFailure(db: DbOrTx, subscriptionIds: number[]): Promise<void> {
  if (!subscriptionIds.length) return;
  await db
    .update(pushSubscriptions)
    .set({ failures: sql`${pushSubscriptions.failures} + 1` })
    .where(inArray(pushSubscriptions.id, subscriptionIds));
}

/** Ends a try: done (every device reached, or no more tries), or pending for the next try. */
export async function finishPushTry(db: DbOrTx, id: number, p: { done: boolean; attempts: number; error: string | null; now: Date }): Promise<void> {
  await db
    .update(pushEvents)
    .set({ status: p.done ? 'done' : 'pending', attempts: p.attempts, lastError: p.error, lockedUntil: null, doneAt: p.done ? p.now : null })
    .where(eq(pushEvents.id, id));
}

/** Events finished before `before`: their deliveries go with them. */
export async function deleteFinishedPushEvents(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(pushEvents)
    .where(and(eq(pushEvents.status, 'done'), lte(pushEvents.doneAt, before)))
    .returning({ id: pushEvents.id });
  return rows.length;
}
