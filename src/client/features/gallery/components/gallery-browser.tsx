import { useState } from 'react';
import { Eye } from 'lucide-react';
import type { GalleryItem } from '../../../../shared/schemas/content';
import { buttonClass } from '../../../components/ui/button-styles';
import { useFreshRead } from '../../../lib/use-fresh-read';
import { getGalleryItems } from '../api/use-gallery-items';
import { filterItems, type GalleryFilter } from '../utils/categories';
import { GalleryCard, GalleryCardSkeleton, SKELETON_COUNT } from './gallery-card';
import { GalleryFilters, type FilterOption } from './gallery-filters';
import { ProjectDetailsDialog } from './project-details-dialog';

const OPTIONS: FilterOption[] = [
  { value: 'all', label: 'All Projects' },
  { value: 'furniture-assembly', label: 'Furniture Assembly' },
  { value: 'mounting', label: 'Mounting Projects' },
];

/** The gallery page's grid: every project of the chosen category, with a details dialog. */
export function GalleryBrowser({ initial }: { initial?: GalleryItem[] }) {
  const { data, isPending, isError } = useFreshRead(getGalleryItems, initial);
  const [filter, setFilter] = useState<GalleryFilter>('all');
  const [selected, setSelected] = useState<GalleryItem | null>(null);
  const items = filterItems(data ?? [], filter);

  return (
    <div>
      <GalleryFilters options={OPTIONS} value={filter} onChange={setFilter} />
      {isError ? (
        <p className="text-center text-neutral-600">The gallery could not be loaded right now. Please try again later.</p>
      ) : isPending ? (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {Array.from({ length: SKELETON_COUNT }, (_, i) => (
            <li key={`skeleton-${i}`}>
              <GalleryCardSkeleton withFooter />
            </li>
          ))}
        </ul>
      ) : items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-neutral-300 px-6 py-16 text-center">
          <p className="text-lg font-semibold text-ink-950">No projects found</p>
          <p className="mt-2 text-neutral-600">Check back soon: we add new work every week.</p>
        </div>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item, i) => (
            <li key={item.id}>
              <GalleryCard
                item={item}
                eager={i < 2}
                headingLevel={2}
                meta={<span className="text-neutral-500">Project #{item.id}</span>}
                footer={
                  <button type="button" className={buttonClass('outline-dark', 'sm', 'w-full')} onClick={() => setSelected(item)} aria-label={`View Details: ${item.title}`}>
                    <Eye aria-hidden="true" className="h-4 w-4" /> View Details
                  </button>
                }
              />
            </li>
          ))}
        </ul>
      )}
      <ProjectDetailsDialog item={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
