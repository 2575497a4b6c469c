import { useEffect, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button-styles';
import { useFreshRead } from '../../../lib/use-fresh-read';
import { getGalleryItems } from '../api/use-gallery-items';
import { filterItems, type GalleryFilter } from '../utils/categories';
import { GalleryCard, GalleryCardSkeleton, SKELETON_COUNT } from './gallery-card';
import { GalleryFilters, type FilterOption } from './gallery-filters';

const PAGE_SIZE = 6;

const OPTIONS: FilterOption[] = [
  { value: 'all', label: 'All Projects' },
  { value: 'furniture-assembly', label: 'Furniture Assembly', id: 'furniture-gallery' },
  { value: 'mounting', label: 'Mounting Services', id: 'mounting-gallery' },
];

const FILTER_BY_HASH: Record<string, GalleryFilter> = {
  '#furniture-gallery': 'furniture-assembly',
  '#mounting-gallery': 'mounting',
};

/** The home page's gallery: filters, six at a time, 'View More Projects' for the rest. */
export function HomeGallery() {
  const { data, isPending, isError } = useFreshRead(getGalleryItems);
  const [filter, setFilter] = useState<GalleryFilter>('all');
  const [shown, setShown] = useState(PAGE_SIZE);

  // The services cards link to #furniture-gallery / #mounting-gallery: open that category, on
  // arrival and on a jump within the page (an island has no router: the URL's hash is read).
  useEffect(() => {
    const fromHash = () => {
      const chosen = FILTER_BY_HASH[window.location.hash];
      if (chosen) {
        setFilter(chosen);
        setShown(PAGE_SIZE);
      }
    };
    fromHash();
    window.addEventListener('hashchange', fromHash);
    return () => window.removeEventListener('hashchange', fromHash);
  }, []);

  const matching = filterItems(data ?? [], filter);

  return (
    <div>
      <GalleryFilters
        options={OPTIONS}
        value={filter}
        onChange={(value) => {
          setFilter(value);
          setShown(PAGE_SIZE);
        }}
      />
      {isError ? (
        <p className="text-center text-neutral-600">The gallery could not be loaded right now. Please try again later.</p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy={isPending}>
          {isPending
            ? Array.from({ length: SKELETON_COUNT }, (_, i) => (
                <li key={`skeleton-${i}`}>
                  <GalleryCardSkeleton />
                </li>
              ))
            : matching.slice(0, shown).map((item) => (
                <li key={item.id}>
                  <GalleryCard item={item} />
                </li>
              ))}
        </ul>
      )}
      {!isPending && matching.length === 0 && !isError && <p className="text-center text-neutral-600">No projects found</p>}
      {matching.length > shown && (
        <div className="mt-10 text-center">
          <button type="button" className={buttonClass('outline-dark', 'lg')} onClick={() => setShown((n) => n + PAGE_SIZE)}>
            View More Projects <ChevronDown aria-hidden="true" className="h-4 w-4" />
          </button>
        </div>
      )}
    </div>
  );
}
