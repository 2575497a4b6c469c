import { useQuery } from '@tanstack/react-query';
import type { GalleryItem } from '../../../../shared/schemas/content';

export const galleryKeys = { all: ['/api/gallery'] as const };

/** Every gallery item; filtering happens on the page, so switching filters needs no request. */
export function useGalleryItems() {
  return useQuery<GalleryItem[]>({ queryKey: galleryKeys.all });
}
