import { randomBytes } from 'node:crypto';
import type { GalleryItemInput } from '../../../shared/schemas/admin';
import type { Db, DbOrTx } from '../../db/client';
import { NotFoundError } from '../../errors';
import { bumpVersions } from '../../settings';
import { countGalleryImageUses, deleteGalleryItem, findGalleryItem, insertGalleryItem, listGalleryForAdmin, updateGalleryItem } from '../repositories/gallery';
import { deleteUpload, findUpload, insertUpload } from '../repositories/uploads';
import { decodeImageDataUrl } from './images';

export interface GalleryLog {
  warn(obj: object, msg: string): void;
}

export interface GalleryDeps {
  db: Db;
  log: GalleryLog;
  /** When the change is made: the 'content' version it bumps says so. */
  now: Date;
}

/** Deletes an uploaded image once no gallery item shows it; in the transaction of the change that stopped using it. */
async function removeUnusedUpload(db: DbOrTx, imageUrl: string) {
  const match = /^\/uploads\/([a-f0-9]{32}\.(?:png|jpg|webp|svg))$/.exec(imageUrl);
  if (!match) return;
  if ((await countGalleryImageUses(db, imageUrl)) > 0) return;
  await deleteUpload(db, match[1]);
}

const CONTENT_TYPE_BY_EXT: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', svg: 'image/svg+xml' };

/** An uploaded image by its file name, for GET /uploads/:file. */
export async function getUpload(db: Db, name: string) {
  if (!/^[a-f0-9]{32}\.(png|jpg|webp|svg)$/.test(name)) return null;
  return findUpload(db, name);
}

export function listGallery(db: Db) {
  return listGalleryForAdmin(db);
}

export async function createGalleryItem(deps: GalleryDeps, input: GalleryItemInput) {
  return deps.db.transaction(async (tx) => {
    const created = await insertGalleryItem(tx, input);
    await bumpVersions(tx, ['content'], deps.now);
    return created;
  });
}

export async function editGalleryItem(deps: GalleryDeps, id: number, input: GalleryItemInput) {
  return deps.db.transaction(async (tx) => {
    const before = await findGalleryItem(tx, id);
    if (!before) throw new NotFoundError('Gallery item not found.');
    const updated = await updateGalleryItem(tx, id, input);
    if (!updated) throw new NotFoundError('Gallery item not found.');
    if (before.imageUrl !== updated.imageUrl) await removeUnusedUpload(tx, before.imageUrl);
    await bumpVersions(tx, ['content'], deps.now);
    return updated;
  });
}

export async function removeGalleryItem(deps: GalleryDeps, id: number) {
  await deps.db.transaction(async (tx) => {
    const deleted = await deleteGalleryItem(tx, id);
    if (!deleted) throw new NotFoundError('Gallery item not found.');
    await removeUnusedUpload(tx, deleted.imageUrl);
    await bumpVersions(tx, ['content'], deps.now);
  });
}

/** Stores an uploaded image (in the database, so every instance serves it) and points the gallery item at it. */
export async function replaceGalleryImage(deps: GalleryDeps, id: number, dataUrl: string) {
  const { bytes, ext } = decodeImageDataUrl(dataUrl);
  const file = `${randomBytes(16).toString('hex')}.${ext}`;
  // The image, the item pointing at it and the removal of the image it replaces: all or nothing,
  // so a crash leaves neither an orphaned image nor an item pointing at a missing one.
  return deps.db.transaction(async (tx) => {
    const before = await findGalleryItem(tx, id);
    if (!before) throw new NotFoundError('Gallery item not found.');
    await insertUpload(tx, { name: file, contentType: CONTENT_TYPE_BY_EXT[ext], data: bytes });
    const updated = await updateGalleryItem(tx, id, { imageUrl: `/uploads/${file}` });
    if (!updated) throw new NotFoundError('Gallery item not found.');
    await removeUnusedUpload(tx, before.imageUrl);
    await bumpVersions(tx, ['content'], deps.now);
    return updated;
  });
}
