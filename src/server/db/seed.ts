import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { insertSettingsIfMissing } from '../settings';
import { galleryItems, services, testimonials } from './schema';
import { DEFAULT_SETTINGS } from '../../shared/schemas/settings';
import { SEED_GALLERY, SEED_SERVICES, SEED_TESTIMONIALS } from './seed-data';
import { seedPriceListOnce } from './seed-price-list';

/**
 * Fills empty content tables with the demo content and stores the first settings. Idempotent: a table that has rows is left
 * alone, so the owner's own content is never overwritten. Safe on concurrent starts (one
 * advisory transaction lock).
 */
export async function seedDatabase(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(724312)`);
    const [{ n: serviceCount }] = await tx.select({ n: sql<number>`count(*)::int` }).from(services);
    if (serviceCount === 0) await tx.insert(services).values(SEED_SERVICES);
    const [{ n: galleryCount }] = await tx.select({ n: sql<number>`count(*)::int` }).from(galleryItems);
    if (galleryCount === 0) await tx.insert(galleryItems).values(SEED_GALLERY);
    const [{ n: testimonialCount }] = await tx.select({ n: sql<number>`count(*)::int` }).from(testimonials);
    if (testimonialCount === 0) await tx.insert(testimonials).values(SEED_TESTIMONIALS);
    await seedPriceListOnce(tx);
    // The owner's settings start as today's values; later code defaults never change a stored row.
    await insertSettingsIfMissing(tx, DEFAULT_SETTINGS);
  });
}
