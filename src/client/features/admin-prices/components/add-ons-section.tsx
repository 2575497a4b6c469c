import { useId, type ReactNode } from 'react';
import { useForm, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Plus } from 'lucide-react';
import type { AdminPriceAddOn, AdminPriceListItem } from '../../../../shared/schemas/admin-price-list';
import type { AdminService } from '../../../../shared/schemas/admin-content';
import { formatCents } from '../../../../shared/money';
import { durationText } from '../../../../shared/duration-text';
import { toast } from '../../../components/ui/use-toast';
import { FieldError } from '../../../components/form-field';
import { toastNotSaved, toastNotValid } from '../../../components/admin/not-saved-toast';
import { useFormFields } from '../../../components/admin/use-form-fields';
import { BoundInput } from '../../../components/admin/fields';
import { DialogForm, FormDialog } from '../../../components/admin/form-dialog';
import { DeleteButton } from '../../../components/admin/delete-button';
import { IconButton } from '../../../components/admin/icon-button';
import { cardClass, goldButtonClass } from '../../../components/admin/styles';
import { useCreateAddOn, useDeleteAddOn, useUpdateAddOn } from '../api/prices-api';
import { addOnFormSchema, addOnFormValues, showServerErrors, type AddOnFormOutput, type AddOnFormValues } from '../utils/price-forms';

const FALLBACK = 'Could not save the add-on. Please try again.';

interface ListContext {
  items: AdminPriceListItem[];
  services: AdminService[];
}

/** The items an add-on may go with, as checkboxes grouped by service; each row a 44 px target. */
function ItemChoices({ items, services, registration, error }: ListContext & { registration: UseFormRegister<AddOnFormValues>; error?: string }) {
  const id = useId();
  return (
    <fieldset aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend className="text-sm font-semibold text-ink-900">Goes with</legend>
      <p id={`${id}-hint`} className="mt-1 text-sm text-neutral-600">
        Visitors can add it to these items, once per unit.
      </p>
      {services
        .filter((service) => items.some((item) => item.serviceType === service.slug))
        .map((service) => (
          <div key={service.slug} className="mt-3">
            <p className="text-sm font-semibold text-neutral-700">{service.name}</p>
            <ul>
              {items
                .filter((item) => item.serviceType === service.slug)
                .map((item) => (
                  <li key={item.id}>
                    <label className="flex min-h-11 items-center gap-3 text-sm text-neutral-900">
                      <input type="checkbox" value={String(item.id)} className="h-5 w-5 shrink-0 accent-gold-600" {...registration('itemIds')} />
                      {item.name}
                    </label>
                  </li>
                ))}
            </ul>
          </div>
        ))}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

function AddOnForm({ addOn, list, onDone }: { addOn: AdminPriceAddOn | null; list: ListContext; onDone: () => void }) {
  const create = useCreateAddOn();
  const update = useUpdateAddOn();
  const form = useForm<AddOnFormValues, unknown, AddOnFormOutput>({ resolver: zodResolver(addOnFormSchema), defaultValues: addOnFormValues(addOn) });
  const { bind } = useFormFields(form);

  const submit = form.handleSubmit((values) => {
    const callbacks = {
      onSuccess: (saved: AdminPriceAddOn) => {
        const goes = saved.itemIds.length === 1 ? '1 item' : `${saved.itemIds.length} items`;
        toast({ title: 'Add-on Saved', description: `${saved.name}: ${formatCents(saved.priceCents)}, goes with ${goes}.`, variant: 'success' });
        onDone();
      },
      onError: (err: Error) => {
        showServerErrors(err, form.setError);
        toastNotSaved(err, FALLBACK);
      },
    };
    if (addOn) update.mutate({ id: addOn.id, values }, callbacks);
    else create.mutate(values, callbacks);
  }, (invalid) => toastNotValid(invalid, FALLBACK));

  return (
    <DialogForm onSubmit={submit} pending={create.isPending || update.isPending} saveLabel={addOn ? 'Save add-on' : 'Add add-on'}>
      <BoundInput {...bind('name')} label="Name" />
      <div className="grid gap-4 sm:grid-cols-2">
        <BoundInput {...bind('price')} label="Price (US dollars)" hint="Per unit of its item, for example 49." inputMode="decimal" />
        <BoundInput {...bind('minutes')} label="Minutes" hint="Per unit, in steps of 5; 0 when it takes no longer." type="number" inputMode="numeric" min={0} max={240} step={5} />
      </div>
      <ItemChoices {...list} registration={form.register} error={form.formState.errors.itemIds?.message} />
    </DialogForm>
  );
}

function AddOnDialog({ addOn, list, trigger }: { addOn: AdminPriceAddOn | null; list: ListContext; trigger: ReactNode }) {
  return (
    <FormDialog title={addOn ? `Edit ${addOn.name}` : 'Add an add-on'} description="Visitors see the change on the booking page as soon as it is saved." trigger={trigger}>
      {(close) => <AddOnForm addOn={addOn} list={list} onDone={close} />}
    </FormDialog>
  );
}

function AddOnCard({ addOn, list }: { addOn: AdminPriceAddOn; list: ListContext }) {
  const remove = useDeleteAddOn();
  const names = list.items.filter((item) => addOn.itemIds.includes(item.id)).map((item) => item.name);
  return (
    <>
      <h3 className="font-semibold text-ink-950">{addOn.name}</h3>
      <p className="text-sm text-neutral-800">
        <span className="font-semibold text-ink-950">{formatCents(addOn.priceCents)}</span> · {addOn.minutes ? durationText(addOn.minutes) : 'no extra time'} per unit of its item
      </p>
      <p className="text-sm text-neutral-700">{names.length ? `Goes with: ${names.join(', ')}` : 'Goes with no item yet.'}</p>
      <div className="flex flex-wrap gap-2 pt-1">
        <AddOnDialog addOn={addOn} list={list} trigger={<IconButton Icon={Pencil} srLabel={addOn.name}>Edit</IconButton>} />
        <DeleteButton
          mutation={remove}
          id={addOn.id}
          kind="add-on"
          srLabel={addOn.name}
          title={addOn.name}
          removed={`${addOn.name} is off the price list.`}
          warning="Visitors can no longer add it to any item. Jobs already booked keep their lines."
        />
      </div>
    </>
  );
}

/** The add-ons, each with the items it goes with, and Add add-on. */
export function AddOnsSection({ addOns, list }: { addOns: AdminPriceAddOn[]; list: ListContext }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold text-ink-950">
          Add-ons
        </h2>
        <AddOnDialog
          addOn={null}
          list={list}
          trigger={
            <IconButton Icon={Plus} className={goldButtonClass}>
              Add add-on
            </IconButton>
          }
        />
      </div>
      {addOns.length === 0 ? (
        <p className="text-sm text-neutral-700">No add-ons yet.</p>
      ) : (
        <ul className="space-y-3" aria-label="Add-ons">
          {addOns.map((addOn) => (
            <li key={addOn.id} className={`${cardClass} space-y-2 p-4`}>
              <AddOnCard addOn={addOn} list={list} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
