import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { galleryItems } from '../../db/schema';

const galleryColumns = {
  id: galleryItems.id,
  title: galleryItems.title,
  description: galleryItems.description,
  imageUrl: galleryItems.imageUrl,
  category: galleryItems.category,
};

export function listGalleryForAdmin(db: DbOrTx) {
  return db.select(galleryColumns).from(galleryItems).orderBy(asc(galleryItems.sortOrder), asc(galleryItems.id));
}

export async function findGalleryItem(db: DbOrTx, id: number) {
  const rows = await db.select(galleryColumns).from(galleryItems).where(eq(galleryItems.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function insertGalleryItem(db: DbOrTx, values: { title: string; description: string; category: string; imageUrl: string }) {
  // A new item goes after the others, wherever the owner has moved them.
  const sortOrder = sql<number>`(select coalesce(max(${galleryItems.sortOrder}) + 1, 0) from ${galleryItems})`;
  const rows = await db.insert(galleryItems).values({ ...values, sortOrder }).returning(galleryColumns);
  return rows[0];
}

export async function updateGalleryItem(db: DbOrTx, id: number, values: { title?: string; description?: string; category?: string; imageUrl?: string }) {
  const rows = await db.update(galleryItems).set(values).where(eq(galleryItems.id, id)).returning(galleryColumns);
  return rows[0] ?? null;
}

export async function deleteGalleryItem(db: DbOrTx, id: number) {
  const rows = await db.delete(galleryItems).where(eq(galleryItems.id, id)).returning(galleryColumns);
  return rows[0] ?? null;
}

/** How many gallery items show this image (an uploaded file is removed once none does). */
export async function countGalleryImageUses(db: DbOrTx, imageUrl: string) {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(galleryItems).where(eq(galleryItems.imageUrl, imageUrl));
  return rows[0]?.n ?? 0;
}
