import type { GalleryFilter } from '../utils/categories';

export interface FilterOption {
  value: GalleryFilter;
  label: string;
  /** An anchor id on the button, so /#furniture-gallery lands on the filter bar. */
  id?: string;
}

/** Toggle buttons; the pressed one is the current filter. */
export function GalleryFilters({ options, value, onChange }: { options: FilterOption[]; value: GalleryFilter; onChange: (v: GalleryFilter) => void }) {
  return (
    <div role="group" aria-label="Filter projects" className="mb-8 flex flex-wrap justify-center gap-2">
      {options.map((option) => {
        const pressed = option.value === value;
        return (
          <button
            key={option.value}
            id={option.id}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(option.value)}
            className={`min-h-11 scroll-mt-24 rounded-full border px-5 text-sm font-semibold transition-colors ${
              pressed ? 'border-ink-950 bg-ink-950 text-gold-300' : 'border-neutral-300 bg-white text-neutral-700 hover:border-ink-950 hover:text-ink-950'
            }`}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
