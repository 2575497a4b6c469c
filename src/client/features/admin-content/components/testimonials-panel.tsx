import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api';
import { type AdminService, type AdminTestimonial } from '../../../../shared/schemas/admin-content';
import { useAdminServices, useAdminTestimonials, useCreateTestimonial, useDeleteTestimonial, useReorderTestimonials, useUpdateTestimonial } from '../api/content-api';
import { setServerErrors } from '../../../lib/form-errors';
import { testimonialFormSchema } from '../utils/content-forms';
import { MoveButtons, useMoveInList } from './content-form-parts';
import { PanelStates } from '../../../components/admin/panel-states';
import { cardClass, dangerButtonClass, goldButtonClass, outlineButtonClass } from '../../../components/admin/styles';
import { CheckboxField, checkboxClass, controlAria, controlClass, FormField, inputClass } from '../../../components/form-field';
import { DialogActions, FormDialog } from '../../../components/admin/form-dialog';

const RATINGS = [5, 4.5, 4, 3.5, 3, 2.5, 2, 1.5, 1];
const ratingText = (r: number) => `${r.toFixed(1)} out of 5`;

type TestimonialValues = z.input<typeof testimonialFormSchema>;

function TestimonialForm({ item, services, onDone }: { item?: AdminTestimonial; services: AdminService[]; onDone: () => void }) {
  const id = useId();
  const create = useCreateTestimonial();
  const update = useUpdateTestimonial();
  const isPending = create.isPending || update.isPending;
  const { register, handleSubmit, setError, formState } = useForm<TestimonialValues, unknown, z.output<typeof testimonialFormSchema>>({
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
  const { errors } = formState;

  const submit = handleSubmit((values) => {
    const handlers = {
      onSuccess: (saved: AdminTestimonial) => {
        const where = saved.visible ? 'It shows on the public pages.' : 'It is hidden from the public pages.';
        toast({ title: item ? 'Testimonial Saved' : 'Testimonial Added', description: `${saved.name}'s testimonial is saved. ${where}`, variant: 'success' });
        onDone();
      },
      onError: (err: unknown) => {
        setServerErrors(err, setError);
        toast({ title: 'Not Saved', description: errorMessage(err, 'Could not save the testimonial. Please try again.'), variant: 'destructive' });
      },
    };
    if (item) update.mutate({ id: item.id, values: { ...values, sortOrder: item.sortOrder } }, handlers);
    else create.mutate(values, handlers);
  });

  const aria = (field: keyof TestimonialValues, hint = false) => controlAria(`${id}-${field}`, errors[field]?.message, hint);

  return (
    <form method="post" action="/admin" onSubmit={submit} noValidate className="mt-4 space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-name`} label="Customer name" hint="As it should appear, e.g. Dana K." error={errors.name?.message}>
          <input type="text" autoComplete="off" className={controlClass} {...aria('name', true)} {...register('name')} />
        </FormField>
        <FormField id={`${id}-location`} label="Location" hint="A neighborhood or city." error={errors.location?.message}>
          <input type="text" autoComplete="off" className={controlClass} {...aria('location', true)} {...register('location')} />
        </FormField>
      </div>
      <FormField id={`${id}-content`} label="Testimonial" error={errors.content?.message}>
        <textarea rows={5} className={inputClass} {...aria('content')} {...register('content')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-rating`} label="Rating" error={errors.rating?.message}>
          <select className={controlClass} {...aria('rating')} {...register('rating')}>
            {RATINGS.map((r) => (
              <option key={r} value={r}>
                {r.toFixed(1)} stars
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={`${id}-serviceType`} label="Service" error={errors.serviceType?.message}>
          <select className={controlClass} {...aria('serviceType')} {...register('serviceType')}>
            <option value="">Select a service</option>
            {services.map((s) => (
              <option key={s.slug} value={s.slug}>
                {s.name}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <CheckboxField id={`${id}-visible`} label="Show on the public pages" hint="A hidden testimonial stays here for later." error={errors.visible?.message}>
        <input type="checkbox" className={checkboxClass} {...aria('visible', true)} {...register('visible')} />
      </CheckboxField>
      <DialogActions pending={isPending} saveLabel="Save testimonial" />
    </form>
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

function DeleteTestimonial({ item }: { item: AdminTestimonial }) {
  const remove = useDeleteTestimonial();
  function onConfirm() {
    // mutateAsync: the refreshed list unmounts this item, and mutate's own callbacks would not run then.
    remove.mutateAsync(item.id).then(
      () => toast({ title: 'Testimonial Deleted', description: `${item.name}'s testimonial was removed.`, variant: 'success' }),
      (err: unknown) => toast({ title: 'Error', description: errorMessage(err, 'Could not delete the testimonial. Please try again.'), variant: 'destructive' }),
    );
  }
  return (
    <ConfirmDialog
      trigger={
        <button type="button" className={dangerButtonClass} disabled={remove.isPending}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          Delete<span className="sr-only"> {item.name}&apos;s testimonial</span>
        </button>
      }
      title={`Delete ${item.name}'s testimonial?`}
      cancelLabel="No, keep it"
      confirmLabel="Yes, delete testimonial"
      onConfirm={onConfirm}
    >
      <p>It disappears from the site and from this list. To take it off the site for now, edit it and turn off &ldquo;Show on the public pages&rdquo; instead. This cannot be undone.</p>
    </ConfirmDialog>
  );
}

/** Testimonials as the owner manages them: add, edit, hide, order and delete. */
export function TestimonialsPanel() {
  const testimonials = useAdminTestimonials();
  const services = useAdminServices();
  const reorder = useReorderTestimonials();
  const list = testimonials.data ?? [];
  const serviceList = services.data ?? [];
  const serviceName = (slug: string) => serviceList.find((s) => s.slug === slug)?.name ?? slug;

  const move = useMoveInList(list, reorder, (item) => `${item.name}'s testimonial`);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-neutral-700">Shown in this order on the site; hidden ones stay here.</p>
        <TestimonialDialog
          services={serviceList}
          trigger={
            <button type="button" className={goldButtonClass} disabled={!services.isSuccess}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add testimonial
            </button>
          }
        />
      </div>
      <PanelStates query={testimonials} loading="Loading testimonials..." failed="Could not load the testimonials. Please reload the page." isEmpty={list.length === 0} empty="No testimonials yet.">
        <ul className="space-y-3" aria-label="Testimonials">
          {list.map((item, index) => (
            <li key={item.id} className={`${cardClass} space-y-2 p-4`}>
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="font-semibold text-ink-950">{item.name}</h2>
                <span className="text-sm text-neutral-700">{item.location}</span>
                {!item.visible && <span className="rounded-full bg-neutral-200 px-2 py-0.5 text-xs font-semibold text-neutral-800">Hidden</span>}
              </div>
              <p className="text-sm font-medium text-neutral-800">
                Rated {ratingText(item.rating)} · {serviceName(item.serviceType)}
              </p>
              <blockquote className="text-sm text-neutral-700">&ldquo;{item.content}&rdquo;</blockquote>
              <div className="flex flex-wrap gap-2 pt-1">
                <TestimonialDialog
                  item={item}
                  services={serviceList}
                  trigger={
                    <button type="button" className={outlineButtonClass}>
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                      Edit<span className="sr-only"> {item.name}&apos;s testimonial</span>
                    </button>
                  }
                />
                <MoveButtons label={`${item.name}'s testimonial`} index={index} count={list.length} disabled={reorder.isPending} onMove={(step) => move(index, step)} />
                <DeleteTestimonial item={item} />
              </div>
            </li>
          ))}
        </ul>
      </PanelStates>
    </div>
  );
}
