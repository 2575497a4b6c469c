import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Pencil, Plus } from 'lucide-react';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api';
import { type AdminService, type AdminTestimonial } from '../../../../shared/schemas/admin-content';
import { useAdminServices, useAdminTestimonials, useCreateTestimonial, useDeleteTestimonial, useReorderTestimonials, useUpdateTestimonial } from '../api/content-api';
import { setServerErrors } from '../../../lib/form-errors';
import { testimonialFormSchema } from '../utils/content-forms';
import { ContentListPanel, type ContentListTexts } from './content-list-panel';
import { goldButtonClass } from '../../../components/admin/styles';
import { IconButton } from '../../../components/admin/icon-button';
import { SelectOptions } from '../../../components/admin/select-options';
import { useFormFields } from '../../../components/admin/use-form-fields';
import { BoundCheckbox, BoundInput, BoundSelect, BoundTextArea } from '../../../components/admin/fields';
import { DialogForm, FormDialog } from '../../../components/admin/form-dialog';

const RATINGS = [5, 4.5, 4, 3.5, 3, 2.5, 2, 1.5, 1];
const ratingText = (r: number) => `${r.toFixed(1)} out of 5`;
/** A service's name by its slug; the slug itself for a service no longer listed. */
const serviceName = (services: AdminService[], slug: string) => services.find((s) => s.slug === slug)?.name ?? slug;

type TestimonialValues = z.input<typeof testimonialFormSchema>;

function TestimonialForm({ item, services, onDone }: { item?: AdminTestimonial; services: AdminService[]; onDone: () => void }) {
  const create = useCreateTestimonial();
  const update = useUpdateTestimonial();
  const isPending = create.isPending || update.isPending;
  const form = useForm<TestimonialValues, unknown, z.output<typeof testimonialFormSchema>>({
    resolver: zodResolver(testimonialFormSchema),
    defaultValues: {
      name: item?.name ?? '',
      location: item?.location ?? '',
      content: item?.content ?? '',
      rating: String(item?.rating ?? 5),
      serviceType: item?.serviceType ?? '',
      visible: item?.visible ?? true,
    },
  });
  const { bind } = useFormFields(form);

  const submit = form.handleSubmit((values) => {
    const handlers = {
      onSuccess: (saved: AdminTestimonial) => {
        const where = saved.visible ? 'It shows on the public pages.' : 'It is hidden from the public pages.';
        toast({ title: item ? 'Testimonial Saved' : 'Testimonial Added', description: `${saved.name}'s testimonial is saved. ${where}`, variant: 'success' });
        onDone();
      },
      onError: (err: unknown) => {
        setServerErrors(err, form.setError);
        toast({ title: 'Not Saved', description: errorMessage(err, 'Could not save the testimonial. Please try again.'), variant: 'destructive' });
      },
    };
    if (item) update.mutate({ id: item.id, values: { ...values, sortOrder: item.sortOrder } }, handlers);
    else create.mutate(values, handlers);
  });

  return (
    <DialogForm onSubmit={submit} pending={isPending} saveLabel="Save testimonial">
      <div className="grid gap-4 sm:grid-cols-2">
        <BoundInput {...bind('name')} label="Customer name" hint="As it should appear, e.g. Dana K." autoComplete="off" />
        <BoundInput {...bind('location')} label="Location" hint="A neighborhood or city." autoComplete="off" />
      </div>
      <BoundTextArea {...bind('content')} label="Testimonial" rows={5} />
      <div className="grid gap-4 sm:grid-cols-2">
        <BoundSelect {...bind('rating')} label="Rating">
          <SelectOptions values={RATINGS} label={(r) => `${r.toFixed(1)} stars`} />
        </BoundSelect>
        <BoundSelect {...bind('serviceType')} label="Service">
          <option value="">Select a service</option>
          <SelectOptions values={services.map((s) => s.slug)} label={(slug) => serviceName(services, slug)} />
        </BoundSelect>
      </div>
      <BoundCheckbox {...bind('visible')} label="Show on the public pages" hint="A hidden testimonial stays here for later." />
    </DialogForm>
  );
}

function TestimonialDialog({ item, services, trigger }: { item?: AdminTestimonial; services: AdminService[]; trigger: ReactNode }) {
  return (
    <FormDialog
      title={item ? `Edit ${item.name}'s testimonial` : 'Add a testimonial'}
      description="Shown testimonials appear on the home and testimonials pages as soon as they are saved."
      trigger={trigger}
    >
      {(close) => <TestimonialForm item={item} services={services} onDone={close} />}
    </FormDialog>
  );
}

const TEXTS: ContentListTexts<AdminTestimonial> = {
  intro: 'Shown in this order on the site; hidden ones stay here.',
  noun: 'testimonials',
  empty: 'No testimonials yet.',
  listLabel: 'Testimonials',
  deleting: {
    kind: 'testimonial',
    removed: (item) => `${item.name}'s testimonial was removed.`,
    warning: 'It disappears from the site and from this list. To take it off the site for now, edit it and turn off “Show on the public pages” instead. This cannot be undone.',
  },
};

/** Testimonials as the owner manages them: add, edit, hide, order and delete. */
export function TestimonialsPanel() {
  const services = useAdminServices();
  const serviceList = services.data ?? [];
  const label = (item: AdminTestimonial) => `${item.name}'s testimonial`;
  return (
    <ContentListPanel
      texts={TEXTS}
      action={
        <TestimonialDialog
          services={serviceList}
          trigger={
            <IconButton Icon={Plus} className={goldButtonClass} disabled={!services.isSuccess}>
              Add testimonial
            </IconButton>
          }
        />
      }
      query={useAdminTestimonials()}
      reorder={useReorderTestimonials()}
      remove={useDeleteTestimonial()}
      itemName={label}
    >
      {(item, buttons) => (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold text-ink-950">{item.name}</h2>
            <span className="text-sm text-neutral-700">{item.location}</span>
            {!item.visible && <span className="rounded-full bg-neutral-200 px-2 py-0.5 text-xs font-semibold text-neutral-800">Hidden</span>}
          </div>
          <p className="text-sm font-medium text-neutral-800">
            Rated {ratingText(item.rating)} · {serviceName(serviceList, item.serviceType)}
          </p>
          <blockquote className="text-sm text-neutral-700">&ldquo;{item.content}&rdquo;</blockquote>
          <div className="flex flex-wrap gap-2 pt-1">
            <TestimonialDialog item={item} services={serviceList} trigger={<IconButton Icon={Pencil} srLabel={label(item)}>Edit</IconButton>} />
            {buttons}
          </div>
        </>
      )}
    </ContentListPanel>
  );
}
