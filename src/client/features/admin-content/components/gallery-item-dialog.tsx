import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog } from 'radix-ui';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api';
import { galleryItemInputSchema, type GalleryItemInput } from '../../../../shared/schemas/admin';
import type { GalleryItem } from '../../../../shared/schemas/content';
import { useCreateGalleryItem, useUpdateGalleryItem } from '../api/content-api';
import { dialogContentClass, dialogOverlayClass, goldButtonClass, outlineButtonClass } from '../../../components/admin/styles';
import { controlAria, FormField, inputClass } from '../../../components/form-field';

function ItemForm({ item, onDone }: { item?: GalleryItem; onDone: () => void }) {
  const id = useId();
  const create = useCreateGalleryItem();
  const update = useUpdateGalleryItem();
  const form = useForm<GalleryItemInput>({
    resolver: zodResolver(galleryItemInputSchema),
    defaultValues: item
      ? { title: item.title, description: item.description, category: item.category as GalleryItemInput['category'], imageUrl: item.imageUrl }
      : { title: '', description: '', category: 'furniture-assembly', imageUrl: '/images/gallery/bed.svg' },
  });
  const { errors } = form.formState;
  const isPending = create.isPending || update.isPending;

  const onSubmit = form.handleSubmit((values) => {
    const handlers = {
      onSuccess: () => {
        toast({ title: item ? 'Project Updated' : 'Project Added', description: `"${values.title}" is saved.`, variant: 'success' });
        onDone();
      },
      onError: (err: unknown) => toast({ title: 'Error', description: errorMessage(err, 'Could not save the project. Please try again.'), variant: 'destructive' }),
    };
    if (item) update.mutate({ id: item.id, values }, handlers);
    else create.mutate(values, handlers);
  });

  const aria = (name: keyof GalleryItemInput, hint = false) => controlAria(`${id}-${name}`, errors[name]?.message, hint);

  return (
    <form method="post" action="/admin" onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      <FormField id={`${id}-title`} label="Title" error={errors.title?.message}>
        <input type="text" className={inputClass} {...aria('title')} {...form.register('title')} />
      </FormField>
      <FormField id={`${id}-description`} label="Description" error={errors.description?.message}>
        <textarea rows={3} className={inputClass} {...aria('description')} {...form.register('description')} />
      </FormField>
      <FormField id={`${id}-category`} label="Category" error={errors.category?.message}>
        <select className={inputClass} {...aria('category')} {...form.register('category')}>
          <option value="furniture-assembly">Furniture Assembly</option>
          <option value="mounting">Mounting</option>
        </select>
      </FormField>
      <FormField
        id={`${id}-imageUrl`}
        label="Image URL"
        hint='A site image such as /images/gallery/bed.svg. To use your own photo, save the project, then choose "Replace image".'
        error={errors.imageUrl?.message}
      >
        <input type="text" className={inputClass} {...aria('imageUrl', true)} {...form.register('imageUrl')} />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <button type="button" className={outlineButtonClass}>
            Close
          </button>
        </Dialog.Close>
        <button type="submit" className={goldButtonClass} disabled={isPending}>
          {isPending ? 'Saving...' : 'Save project'}
        </button>
      </div>
    </form>
  );
}

/** Adds a gallery project, or edits one when `item` is given. */
export function GalleryItemDialog({ item, trigger }: { item?: GalleryItem; trigger: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content className={dialogContentClass}>
          <Dialog.Title className="text-lg font-bold text-ink-950">{item ? `Edit "${item.title}"` : 'Add a project'}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-neutral-700">Projects appear in the public gallery as soon as they are saved.</Dialog.Description>
          {open && <ItemForm item={item} onDone={() => setOpen(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
