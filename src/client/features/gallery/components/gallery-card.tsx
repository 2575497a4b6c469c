import type { ReactNode } from 'react';
import type { GalleryItem } from '../../../../shared/schemas/content';
import { Skeleton } from '../../../components/ui/skeleton';
import { categoryLabel } from '../utils/categories';

/** One project: art, category, title and description; `footer` adds page-specific parts. */
export function GalleryCard({
  item,
  headingLevel = 3,
  meta,
  footer,
  eager = false,
}: {
  item: GalleryItem;
  headingLevel?: 2 | 3 | 4;
  meta?: ReactNode;
  footer?: ReactNode;
  /** Load the art at once (cards in the first view). */
  eager?: boolean;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-neutral-200 bg-white shadow-sm transition-shadow hover:shadow-lg">
      <img src={item.imageUrl} alt="" width={480} height={360} loading={eager ? 'eager' : 'lazy'} decoding="async" className="aspect-[4/3] h-auto w-full bg-neutral-100 object-cover" />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-center justify-between gap-2 text-xs font-semibold uppercase tracking-wider">
          <span className="rounded-full bg-gold-50 px-2.5 py-1 text-gold-800">{categoryLabel(item.category)}</span>
          {meta}
        </div>
        <Heading className="mt-3 line-clamp-2 min-h-14 text-lg font-semibold leading-7 text-ink-950">{item.title}</Heading>
        <p className="mt-2 line-clamp-4 h-[88px] text-sm leading-[22px] text-neutral-600">{item.description}</p>
        {footer && <div className="mt-auto pt-4">{footer}</div>}
      </div>
    </article>
  );
}

/** The same footprint as a card, shown while the list loads (and in the server-rendered HTML). */
export function GalleryCardSkeleton({ withFooter = false }: { withFooter?: boolean }) {
  return (
    <div data-testid="gallery-skeleton" className="flex flex-col overflow-hidden rounded-xl border border-neutral-200 bg-white">
      <Skeleton className="aspect-[4/3] w-full rounded-none" />
      <div className="flex flex-col p-5">
        <Skeleton className="h-6 w-28 rounded-full" />
        <div className="mt-3 flex h-14 items-start">
          <Skeleton className="mt-1 h-5 w-3/4" />
        </div>
        <div className="mt-2 grid h-[88px] content-start gap-[10px] pt-1">
          <Skeleton className="h-3 w-full" />
          <Skeleton className="h-3 w-full" />
          <Skeleton className="h-3 w-5/6" />
        </div>
        {withFooter && <Skeleton className="mt-4 h-9 w-full" />}
      </div>
    </div>
  );
}

export const SKELETON_COUNT = 6;
