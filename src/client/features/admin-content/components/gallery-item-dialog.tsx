import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api';
import { galleryItemInputSchema, type GalleryItemInput } from '../../../../shared/schemas/admin';
import type { GalleryItem } from '../../../../shared/schemas/content';
import { useCreateGalleryItem, useUpdateGalleryItem } from '../api/content-api';
import { controlAria, FormField, inputClass } from '../../../components/form-field';
import { DialogActions, FormDialog } from '../../../components/admin/form-dialog';

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
      <DialogActions pending={isPending} saveLabel="Save project" />
    </form>
  );
}

/** Adds a gallery project, or edits one when `item` is given. */
export function GalleryItemDialog({ item, trigger }: { item?: GalleryItem; trigger: ReactNode }) {
  return (
    <FormDialog title={item ? `Edit "${item.title}"` : 'Add a project'} description="Projects appear in the public gallery as soon as they are saved." trigger={trigger}>
      {(close) => <ItemForm item={item} onDone={close} />}
    </FormDialog>
  );
}
