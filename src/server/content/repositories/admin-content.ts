import { asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { galleryItems, services, testimonials } from '../../db/schema';

export type ServiceRow = typeof services.$inferSelect;

/** Every service, inactive ones included, in the owner's order. */
export function listAllServices(db: DbOrTx): Promise<ServiceRow[]> {
  return db.select().from(services).orderBy(asc(services.sortOrder), asc(services.id));
}

/** The service, locked until the caller's transaction ends (concurrent edits serialize). */
export async function findServiceForUpdate(db: DbOrTx, id: number): Promise<ServiceRow | null> {
  const rows = await db.select().from(services).where(eq(services.id, id)).limit(1).for('update');
  return rows[0] ?? null;
}

export async function updateService(
  db: DbOrTx,
  id: number,
  values: { name: string; description: string; price: number; durationMinutes: number; active: boolean; sortOrder: number },
): Promise<ServiceRow | null> {
  const rows = await db.update(services).set(values).where(eq(services.id, id)).returning();
  return rows[0] ?? null;
}

export async function serviceSlugExists(db: DbOrTx, slug: string): Promise<boolean> {
  const rows = await db.select({ id: services.id }).from(services).where(eq(services.slug, slug)).limit(1);
  return rows.length > 0;
}

const testimonialColumns = {
  id: testimonials.id,
  name: testimonials.name,
  location: testimonials.location,
  content: testimonials.comment,
  rating: testimonials.rating,
  serviceType: testimonials.serviceType,
  visible: testimonials.visible,
  sortOrder: testimonials.sortOrder,
  createdAt: testimonials.createdAt,
};

/** Every testimonial, hidden ones included, in the order the public pages use. */
export function listAllTestimonials(db: DbOrTx) {
  return db.select(testimonialColumns).from(testimonials).orderBy(asc(testimonials.sortOrder), desc(testimonials.createdAt), desc(testimonials.id));
}

interface TestimonialValues {
  name: string;
  location: string;
  content: string;
  rating: number;
  serviceType: string;
  visible: boolean;
  sortOrder: number;
}

const toTestimonialRow = ({ content, ...rest }: TestimonialValues) => ({ ...rest, comment: content });

/** One past the last testimonial's place, so a new one goes at the end. */
export async function nextTestimonialOrder(db: DbOrTx): Promise<number> {
  const rows = await db.select({ n: sql<number>`coalesce(max(${testimonials.sortOrder}) + 1, 0)::int` }).from(testimonials);
  return rows[0]?.n ?? 0;
}

export async function insertTestimonial(db: DbOrTx, values: TestimonialValues, now: Date) {
  const rows = await db
    .insert(testimonials)
    .values({ ...toTestimonialRow(values), createdAt: now })
    .returning(testimonialColumns);
  return rows[0];
}

export async function updateTestimonial(db: DbOrTx, id: number, values: Omit<TestimonialValues, 'sortOrder'> & { sortOrder?: number }) {
  const { content, ...rest } = values;
  const rows = await db
    .update(testimonials)
    .set({ ...rest, comment: content })
    .where(eq(testimonials.id, id))
    .returning(testimonialColumns);
  return rows[0] ?? null;
}

export async function deleteTestimonial(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(testimonials).where(eq(testimonials.id, id)).returning({ id: testimonials.id });
  return rows.length > 0;
}

const ORDERED = { services, testimonials, gallery: galleryItems } as const;
export type OrderedList = keyof typeof ORDERED;

/** Every id of the list, locked until the caller's transaction ends (a reorder and an add or delete serialize). */
export async function lockListIds(db: DbOrTx, list: OrderedList): Promise<number[]> {
  const table = ORDERED[list];
  const rows = await db.select({ id: table.id }).from(table).for('update');
  return rows.map((r) => r.id);
}

/** Gives each id its position (0, 1, 2, ...) as its sort order. */
export async function writeListOrder(db: DbOrTx, list: OrderedList, ids: number[]): Promise<void> {
  const table = ORDERED[list];
  await db.execute(sql`
    update ${table} set sort_order = ordered.position - 1
      from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality as ordered(id, position)
     where ${table.id} = ordered.id
  `);
}
