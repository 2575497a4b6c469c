import { asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { galleryItems, testimonials } from '../../db/schema';

export function listGalleryItems(db: DbOrTx, category?: string) {
  const query = db
    .select({ id: galleryItems.id, title: galleryItems.title, description: galleryItems.description, imageUrl: galleryItems.imageUrl, category: galleryItems.category })
    .from(galleryItems);
  // The owner's order, then the order items had before there was one (oldest first).
  return (category ? query.where(eq(galleryItems.category, category)) : query).orderBy(asc(galleryItems.sortOrder), asc(galleryItems.id));
}

/** The visible testimonials: the owner's order, then newest first. */
export function listTestimonials(db: DbOrTx) {
  return db
    .select({
      id: testimonials.id,
      name: testimonials.name,
      location: testimonials.location,
      comment: testimonials.comment,
      rating: testimonials.rating,
      serviceType: testimonials.serviceType,
      avatarUrl: testimonials.avatarUrl,
    })
    .from(testimonials)
    .where(eq(testimonials.visible, true))
    .orderBy(asc(testimonials.sortOrder), desc(testimonials.createdAt), desc(testimonials.id));
}
