import { useQuery } from '@tanstack/react-query';
import type { GalleryItem } from '../../../../shared/schemas/content';
import { getJson } from '../../../lib/api';
import { galleryItemsShape } from '../../../../shared/schemas/plain-shapes';

export const galleryKeys = { all: ['/api/gallery'] as const };

/**
 * Every gallery item, checked by its plain shape: the home and gallery pages' islands read it
 * without loading zod.
 */
export function getGalleryItems(): Promise<GalleryItem[]> {
  return getJson(galleryKeys.all[0], galleryItemsShape);
}

/** Every gallery item; filtering happens on the page, so switching filters needs no request. */
export function useGalleryItems() {
  return useQuery({ queryKey: galleryKeys.all, queryFn: getGalleryItems });
}
