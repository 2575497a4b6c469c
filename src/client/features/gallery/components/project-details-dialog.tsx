import { useEffect, useRef } from 'react';
import { X } from 'lucide-react';
import type { GalleryItem } from '../../../../shared/schemas/content';
import { buttonClass } from '../../../components/ui/button-styles';
import { categoryLabel } from '../utils/categories';

/** A native modal dialog with the project's art and full description. */
export function ProjectDetailsDialog({ item, onClose }: { item: GalleryItem | null; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (item && !el.open) el.showModal();
    if (!item && el.open) el.close();
  }, [item]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="project-dialog-title"
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-2xl rounded-2xl p-0 shadow-2xl backdrop:bg-black/70"
    >
      {item && (
        <div>
          <img src={item.imageUrl} alt="" width={480} height={360} className="aspect-[4/3] h-auto w-full bg-neutral-100" />
          <div className="p-6">
            <p className="text-xs font-semibold uppercase tracking-wider text-gold-700">
              {categoryLabel(item.category)} · Project #{item.id}
            </p>
            <h2 id="project-dialog-title" className="mt-2 font-display text-2xl font-bold text-ink-950">
              {item.title}
            </h2>
            <p className="mt-3 leading-relaxed text-neutral-700">{item.description}</p>
            <div className="mt-6 flex flex-wrap gap-3">
              <a href="/book" className={buttonClass('gold')}>
                Book a Similar Project
              </a>
              <button type="button" onClick={onClose} className={buttonClass('outline-dark')}>
                Close
              </button>
            </div>
          </div>
          <button type="button" onClick={onClose} aria-label="Close details" className="absolute right-3 top-3 grid h-10 w-10 place-items-center rounded-full bg-ink-950/80 text-white hover:bg-ink-950">
            <X aria-hidden="true" className="h-5 w-5" />
          </button>
        </div>
      )}
    </dialog>
  );
}
