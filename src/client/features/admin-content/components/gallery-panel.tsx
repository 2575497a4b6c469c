import { useId, type ChangeEvent } from 'react';
import { ImageUp, Pencil, Plus } from 'lucide-react';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api';
import type { GalleryItem } from '../../../../shared/schemas/content';
import { useAdminGallery, useDeleteGalleryItem, useUploadGalleryImage, useReorderGallery } from '../api/content-api';
import { ContentListPanel, type ContentListTexts } from './content-list-panel';
import { fileToDataUrl, imageFileProblem } from '../utils/file-to-data-url';
import { categoryLabel, GalleryItemDialog } from './gallery-item-dialog';
import { IconButton } from '../../../components/admin/icon-button';
import { cardClass, goldButtonClass, outlineButtonClass } from '../../../components/admin/styles';

function ReplaceImage({ item }: { item: GalleryItem }) {
  const id = useId();
  const upload = useUploadGalleryImage();

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      toast({ title: 'Image Not Uploaded', description: problem, variant: 'destructive' });
      return;
    }
    let dataUrl: string;
    try {
      dataUrl = await fileToDataUrl(file);
    } catch {
      toast({ title: 'Image Not Uploaded', description: 'Could not read that file. Please choose another image.', variant: 'destructive' });
      return;
    }
    upload.mutate(
      { id: item.id, dataUrl },
      {
        onSuccess: () => toast({ title: 'Image Replaced', description: `"${item.title}" shows the new image.`, variant: 'success' }),
        onError: (err) => toast({ title: 'Image Not Uploaded', description: errorMessage(err, 'Could not upload the image. Please try again.'), variant: 'destructive' }),
      },
    );
  }

  return (
    <div>
      <input id={id} type="file" accept="image/png,image/jpeg,image/webp,image/svg+xml" className="peer sr-only" onChange={onFile} disabled={upload.isPending} />
      <label
        htmlFor={id}
        className={`${outlineButtonClass} cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold-500`}
      >
        <ImageUp className="h-4 w-4" aria-hidden="true" />
        {upload.isPending ? 'Uploading...' : 'Replace image'}
        <span className="sr-only"> for {item.title}</span>
      </label>
    </div>
  );
}

const TEXTS: ContentListTexts<GalleryItem> = {
  intro: 'Shown in this order in the public gallery. Images: PNG, JPEG, WebP or SVG, 1.5 MB at most.',
  noun: 'gallery',
  empty: 'No projects in the gallery yet.',
  deleting: {
    kind: 'project',
    removed: (item) => `"${item.title}" was removed from the gallery.`,
    warning: 'The project disappears from the public gallery. This cannot be undone.',
  },
};

/** The gallery as the owner manages it: edit text, replace images, add and delete projects. */
export function GalleryPanel() {
  return (
    <ContentListPanel
      texts={TEXTS}
      action={
        <GalleryItemDialog
          trigger={
            <IconButton Icon={Plus} className={goldButtonClass}>
              Add project
            </IconButton>
          }
        />
      }
      query={useAdminGallery()}
      reorder={useReorderGallery()}
      remove={useDeleteGalleryItem()}
      listClass="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
      itemClass={`${cardClass} flex flex-col overflow-hidden`}
      itemName={(item) => item.title}
      itemTitle={(item) => `"${item.title}"`}
    >
      {(item, buttons) => (
        <>
          <div className="aspect-[4/3] bg-ink-950">
            <img src={item.imageUrl} alt={item.title} className="h-full w-full object-cover" loading="lazy" />
          </div>
          <div className="flex flex-1 flex-col gap-2 p-4">
            <p className="text-xs font-semibold uppercase tracking-wide text-gold-800">
              {categoryLabel(item.category)} · Project #{item.id}
            </p>
            <h2 className="font-semibold text-ink-950">{item.title}</h2>
            <p className="flex-1 text-sm text-neutral-700">{item.description}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <GalleryItemDialog item={item} trigger={<IconButton Icon={Pencil} srLabel={item.title}>Edit</IconButton>} />
              <ReplaceImage item={item} />
              {buttons}
            </div>
          </div>
        </>
      )}
    </ContentListPanel>
  );
}
