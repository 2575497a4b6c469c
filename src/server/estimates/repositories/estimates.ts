import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { estimatePhotos, estimates, uploads } from '../../db/schema';
import type { EstimateStatus } from '../../../shared/schemas/estimates';

export type EstimateRow = typeof estimates.$inferSelect;
export type NewEstimateRow = typeof estimates.$inferInsert;

/** A photo ready to store: already decoded, resized and re-encoded without metadata. */
export interface StoredPhoto {
  /** A random name, never reused (as the gallery's uploads). */
  name: string;
  contentType: string;
  data: Buffer;
  width: number;
  height: number;
}

/** The request and its photos (each a private upload), numbered 1, 2, ... in the order given. */
export async function insertEstimate(tx: DbOrTx, values: NewEstimateRow, photos: readonly StoredPhoto[]): Promise<EstimateRow> {
  const [row] = await tx.insert(estimates).values(values).returning();
  if (photos.length) {
    await tx.insert(uploads).values(photos.map((p) => ({ name: p.name, contentType: p.contentType, data: p.data, isPrivate: true, createdAt: values.createdAt })));
    await tx
      .insert(estimatePhotos)
      .values(photos.map((p, i) => ({ estimateId: row.id, n: i + 1, uploadName: p.name, width: p.width, height: p.height, bytes: p.data.length })));
  }
  return row;
}

const photoCount = sql<number>`(select count(*)::int from ${estimatePhotos} where ${estimatePhotos.estimateId} = ${estimates.id})`;

/** Every request with its number of photos: new ones first, then the rest; newest first within each. */
export function listEstimates(db: DbOrTx, limit = 500) {
  return db
    .select({ estimate: estimates, photoCount })
    .from(estimates)
    .orderBy(sql`(${estimates.status} = 'new') desc`, desc(estimates.createdAt), desc(estimates.id))
    .limit(limit);
}

export async function findEstimate(db: DbOrTx, id: number): Promise<EstimateRow | undefined> {
  const [row] = await db.select().from(estimates).where(eq(estimates.id, id)).limit(1);
  return row;
}

/** The request, row-locked for the rest of the transaction (the owner's quote and decline take turns with the customer). */
export async function lockEstimate(tx: DbOrTx, id: number): Promise<EstimateRow | undefined> {
  const [row] = await tx.select().from(estimates).where(eq(estimates.id, id)).limit(1).for('update');
  return row;
}

/** The photos' facts (not their bytes), in order. */
export function listEstimatePhotos(db: DbOrTx, estimateId: number) {
  return db
    .select({ n: estimatePhotos.n, width: estimatePhotos.width, height: estimatePhotos.height, bytes: estimatePhotos.bytes, contentType: uploads.contentType })
    .from(estimatePhotos)
    .innerJoin(uploads, eq(uploads.name, estimatePhotos.uploadName))
    .where(eq(estimatePhotos.estimateId, estimateId))
    .orderBy(asc(estimatePhotos.n));
}

/** Photo `n` of a request, with its bytes; undefined when there is none. */
export async function findEstimatePhoto(db: DbOrTx, estimateId: number, n: number) {
  const [row] = await db
    .select({ contentType: uploads.contentType, data: uploads.data })
    .from(estimatePhotos)
    .innerJoin(uploads, eq(uploads.name, estimatePhotos.uploadName))
    .where(and(eq(estimatePhotos.estimateId, estimateId), eq(estimatePhotos.n, n)))
    .limit(1);
  return row;
}

export async function setEstimateStatus(db: DbOrTx, id: number, status: EstimateStatus, now: Date) {
  await db.update(estimates).set({ status, updatedAt: now }).where(eq(estimates.id, id));
}

/** Moves those of `ids` whose status is `from` to `to` (a quote that lapsed or came back takes its request along). */
export async function moveEstimates(db: DbOrTx, ids: readonly number[], from: EstimateStatus, to: EstimateStatus, now: Date) {
  if (!ids.length) return;
  await db
    .update(estimates)
    .set({ status: to, updatedAt: now })
    .where(and(inArray(estimates.id, [...ids]), eq(estimates.status, from)));
}

export async function markEstimateDeclined(db: DbOrTx, id: number, p: { by: 'owner' | 'customer'; reason: string | null; now: Date }) {
  await db
    .update(estimates)
    .set({ status: 'declined', declinedBy: p.by, declineReason: p.reason, declinedAt: p.now, updatedAt: p.now })
    .where(eq(estimates.id, id));
}
