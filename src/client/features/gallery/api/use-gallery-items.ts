import { useQuery } from '@tanstack/react-query';
import type { GalleryItem } from '../../../../shared/schemas/content';
import { getJson } from '../../../lib/api';

export const galleryKeys = { all: ['/api/gallery'] as const };

/**
 * Every gallery item. The schema is imported on demand: it loads (with zod) beside the request
 * instead of in the first view of the home and gallery pages.
 */
export function getGalleryItems(): Promise<GalleryItem[]> {
  return getJson(
    galleryKeys.all[0],
    import('../../../../shared/schemas/content').then((m) => m.galleryItemsSchema),
  );
}

/** Every gallery item; filtering happens on the page, so switching filters needs no request. */
export function useGalleryItems() {
  return useQuery({ queryKey: galleryKeys.all, queryFn: getGalleryItems });
}
