import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api';
import { galleryItemInputSchema, type GalleryItemInput } from '../../../../shared/schemas/admin';
import type { GalleryItem } from '../../../../shared/schemas/content';
import { useCreateGalleryItem, useUpdateGalleryItem } from '../api/content-api';
import { inputClass } from '../../../components/form-field';
import { BoundInput, BoundSelect, BoundTextArea } from '../../../components/admin/fields';
import { useFormFields } from '../../../components/admin/use-form-fields';
import { SelectOptions } from '../../../components/admin/select-options';
import { GALLERY_CATEGORIES } from '../../../../shared/constants';
import { DialogForm, FormDialog } from '../../../components/admin/form-dialog';

const CATEGORY_LABELS: Record<string, string> = { 'furniture-assembly': 'Furniture Assembly', mounting: 'Mounting' };

/** A gallery category as the owner reads it. */
export const categoryLabel = (category: string) => CATEGORY_LABELS[category] ?? category;

function ItemForm({ item, onDone }: { item?: GalleryItem; onDone: () => void }) {
  const create = useCreateGalleryItem();
  const update = useUpdateGalleryItem();
  const form = useForm<GalleryItemInput>({
    resolver: zodResolver(galleryItemInputSchema),
    defaultValues: item
      ? { title: item.title, description: item.description, category: item.category as GalleryItemInput['category'], imageUrl: item.imageUrl }
      : { title: '', description: '', category: 'furniture-assembly', imageUrl: '/images/gallery/bed.svg' },
  });
  const { bind } = useFormFields(form);
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

  return (
    <DialogForm onSubmit={onSubmit} pending={isPending} saveLabel="Save project">
      <BoundInput {...bind('title')} label="Title" className={inputClass} />
      <BoundTextArea {...bind('description')} label="Description" rows={3} />
      <BoundSelect {...bind('category')} label="Category" className={inputClass}>
        <SelectOptions values={GALLERY_CATEGORIES} label={categoryLabel} />
      </BoundSelect>
      <BoundInput
        {...bind('imageUrl')}
        label="Image URL"
        hint='A site image such as /images/gallery/bed.svg. To use your own photo, save the project, then choose "Replace image".'
        className={inputClass}
      />
    </DialogForm>
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
