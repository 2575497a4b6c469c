export type GalleryFilter = 'all' | 'furniture-assembly' | 'mounting';

export const CATEGORY_LABELS: Record<string, string> = {
  'furniture-assembly': 'Furniture Assembly',
  mounting: 'Mounting',
};

export function categoryLabel(category: string): string {
  return CATEGORY_LABELS[category] ?? category;
}

export function filterItems<T extends { category: string }>(items: readonly T[], filter: GalleryFilter): T[] {
  return filter === 'all' ? [...items] : items.filter((item) => item.category === filter);
}
