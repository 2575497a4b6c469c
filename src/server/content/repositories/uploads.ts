import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { uploads } from '../../db/schema';

export async function insertUpload(db: DbOrTx, values: { name: string; contentType: string; data: Buffer }) {
  await db.insert(uploads).values(values);
}

/** A public upload (the gallery's); an estimate's photos are private and never found here. */
export async function findUpload(db: DbOrTx, name: string) {
  const [row] = await db
    .select({ contentType: uploads.contentType, data: uploads.data })
    .from(uploads)
    .where(and(eq(uploads.name, name), eq(uploads.isPrivate, false)))
    .limit(1);
  return row ?? null;
}

export async function deleteUpload(db: DbOrTx, name: string) {
  await db.delete(uploads).where(eq(uploads.name, name));
}
