import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { galleryItems, services, testimonials } from '../schema';

export function listServices(db: DbOrTx) {
  return db.select().from(services).orderBy(asc(services.id));
}

export function listGalleryItems(db: DbOrTx, category?: string) {
  const query = db
    .select({ id: galleryItems.id, title: galleryItems.title, description: galleryItems.description, imageUrl: galleryItems.imageUrl, category: galleryItems.category })
    .from(galleryItems);
  return (category ? query.where(eq(galleryItems.category, category)) : query).orderBy(asc(galleryItems.id));
}

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
    .orderBy(asc(testimonials.id));
}
