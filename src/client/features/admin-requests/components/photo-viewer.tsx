import { useState, type KeyboardEvent } from 'react';
import { Dialog } from 'radix-ui';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import type { AdminEstimate } from '../../../../shared/schemas/estimates';

type Photo = AdminEstimate['photos'][number];

const roundButton = 'grid h-12 w-12 place-items-center rounded-full bg-white/15 text-white hover:bg-white/25 focus-visible:outline-3 focus-visible:outline-gold-400 disabled:opacity-30';

/**
 * A request's photos as thumbnails; one opens over the whole screen (a phone in the van shows
 * it as large as it can), with the previous and next photo by button, arrow key or swipe, and
 * Escape or Close back to the request.
 */
export function RequestPhotos({ photos, who }: { photos: readonly Photo[]; who: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const [touchX, setTouchX] = useState<number | null>(null);
  const shown = open === null ? null : photos[open];
  const go = (step: number) => setOpen((i) => (i === null ? i : Math.min(photos.length - 1, Math.max(0, i + step))));

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowRight') go(1);
    else if (event.key === 'ArrowLeft') go(-1);
  }

  return (
    <>
      <ul aria-label="Photos" className="grid grid-cols-3 gap-2 sm:grid-cols-6">
        {photos.map((photo, i) => (
          <li key={photo.n}>
            <button type="button" onClick={() => setOpen(i)} className="block aspect-square w-full overflow-hidden rounded-lg border border-neutral-200 bg-neutral-100 hover:border-gold-500">
              <img src={photo.url} alt={`Photo ${i + 1} of ${photos.length}, open full screen`} loading="lazy" width={photo.width} height={photo.height} className="h-full w-full object-cover" />
            </button>
          </li>
        ))}
      </ul>
      <Dialog.Root open={shown !== null} onOpenChange={(isOpen) => !isOpen && setOpen(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black" />
          <Dialog.Content
            onKeyDown={onKeyDown}
            onTouchStart={(e) => setTouchX(e.touches[0]?.clientX ?? null)}
            onTouchEnd={(e) => {
              const endX = e.changedTouches[0]?.clientX;
              if (touchX !== null && endX !== undefined && Math.abs(endX - touchX) > 50) go(endX < touchX ? 1 : -1);
              setTouchX(null);
            }}
            className="fixed inset-0 z-50 flex flex-col bg-black text-white"
          >
            <div className="flex items-center justify-between gap-3 p-2">
              <Dialog.Title className="px-2 text-sm font-semibold">
                Photo {(open ?? 0) + 1} of {photos.length}
              </Dialog.Title>
              <Dialog.Description className="sr-only">A photo sent by {who}. Left and right arrow keys show the other photos.</Dialog.Description>
              <Dialog.Close className={roundButton} aria-label="Close">
                <X className="h-6 w-6" aria-hidden="true" />
              </Dialog.Close>
            </div>
            <div className="flex min-h-0 flex-1 items-center justify-center">
              {shown && <img src={shown.url} alt={`Photo ${(open ?? 0) + 1} sent by ${who}`} className="max-h-full max-w-full object-contain" />}
            </div>
            {photos.length > 1 && (
              <div className="flex items-center justify-center gap-6 p-3">
                <button type="button" className={roundButton} onClick={() => go(-1)} disabled={open === 0} aria-label="Previous photo">
                  <ChevronLeft className="h-6 w-6" aria-hidden="true" />
                </button>
                <button type="button" className={roundButton} onClick={() => go(1)} disabled={open === photos.length - 1} aria-label="Next photo">
                  <ChevronRight className="h-6 w-6" aria-hidden="true" />
                </button>
              </div>
            )}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
