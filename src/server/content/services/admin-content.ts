import type { Db, DbOrTx } from '../../db/client';
import {
  deleteTestimonial,
  findServiceForUpdate,
  insertTestimonial,
  listAllServices,
  listAllTestimonials,
  lockListIds,
  nextTestimonialOrder,
  serviceSlugExists,
  updateService,
  updateTestimonial,
  writeListOrder,
  type OrderedList,
} from '../repositories/admin-content';
import { listGalleryForAdmin } from '../repositories/gallery';
import { bumpVersions } from '../../settings';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import type { ServiceInput, TestimonialInput } from '../../../shared/schemas/admin-content';

/**
 * The owner's content: services, testimonials and the gallery's order. Every change bumps the
 * 'content' version in its own transaction, so each instance renders its pages again once it
 * commits; a service's length or availability also changes the offered starts ('schedule').
 */

export interface ContentDeps {
  db: Db;
  now: Date;
}

export const SERVICE_NOT_FOUND = 'Service not found.';
export const TESTIMONIAL_NOT_FOUND = 'Testimonial not found.';
export const UNKNOWN_SERVICE_TYPE = 'Choose one of the services';
export const ORDER_STALE_MESSAGE = 'The list changed since it was loaded. Reload the page and try again.';

export function listServicesForAdmin(db: Db) {
  return listAllServices(db);
}

export async function editService(deps: ContentDeps, id: number, input: ServiceInput) {
  return deps.db.transaction(async (tx) => {
    const before = await findServiceForUpdate(tx, id);
    if (!before) throw new NotFoundError(SERVICE_NOT_FOUND);
    const updated = await updateService(tx, id, input);
    if (!updated) throw new NotFoundError(SERVICE_NOT_FOUND);
    // A new length or an inactive service also bumps `schedule`: the database's trigger does.
    await bumpVersions(tx, ['content'], deps.now);
    return updated;
  });
}

const toAdminTestimonial = <T extends { createdAt: Date }>(row: T) => ({ ...row, createdAt: row.createdAt.toISOString() });

export async function listTestimonialsForAdmin(db: Db) {
  return (await listAllTestimonials(db)).map(toAdminTestimonial);
}

/** `serviceType` names a service (an inactive one too: an old review of it stays true). */
async function requireServiceType(db: DbOrTx, slug: string) {
  if (!(await serviceSlugExists(db, slug))) throw new ValidationError(UNKNOWN_SERVICE_TYPE, { serviceType: UNKNOWN_SERVICE_TYPE });
}

export async function createTestimonial(deps: ContentDeps, input: TestimonialInput) {
  return deps.db.transaction(async (tx) => {
    await requireServiceType(tx, input.serviceType);
    const sortOrder = input.sortOrder ?? (await nextTestimonialOrder(tx));
    const row = await insertTestimonial(tx, { ...input, sortOrder }, deps.now);
    await bumpVersions(tx, ['content'], deps.now);
    return toAdminTestimonial(row);
  });
}

export async function editTestimonial(deps: ContentDeps, id: number, input: TestimonialInput) {
  return deps.db.transaction(async (tx) => {
    await requireServiceType(tx, input.serviceType);
    const row = await updateTestimonial(tx, id, input);
    if (!row) throw new NotFoundError(TESTIMONIAL_NOT_FOUND);
    await bumpVersions(tx, ['content'], deps.now);
    return toAdminTestimonial(row);
  });
}

export async function removeTestimonial(deps: ContentDeps, id: number) {
  await deps.db.transaction(async (tx) => {
    if (!(await deleteTestimonial(tx, id))) throw new NotFoundError(TESTIMONIAL_NOT_FOUND);
    await bumpVersions(tx, ['content'], deps.now);
  });
}

/**
 * Puts a whole list in the given order. The list must name every item once: one added or
 * deleted since the owner loaded the page makes it stale (409), rather than half applied.
 */
async function reorder(deps: ContentDeps, list: OrderedList, ids: number[]) {
  await deps.db.transaction(async (tx) => {
    const current = await lockListIds(tx, list);
    const known = new Set(current);
    if (ids.length !== current.length || ids.some((id) => !known.has(id))) throw new ConflictError(ORDER_STALE_MESSAGE);
    await writeListOrder(tx, list, ids);
    await bumpVersions(tx, ['content'], deps.now);
  });
}

export async function reorderServices(deps: ContentDeps, ids: number[]) {
  await reorder(deps, 'services', ids);
  return listAllServices(deps.db);
}

export async function reorderTestimonials(deps: ContentDeps, ids: number[]) {
  await reorder(deps, 'testimonials', ids);
  return listTestimonialsForAdmin(deps.db);
}

export async function reorderGallery(deps: ContentDeps, ids: number[]) {
  await reorder(deps, 'gallery', ids);
  return listGalleryForAdmin(deps.db);
}
