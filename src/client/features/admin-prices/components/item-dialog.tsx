import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminPriceItem, PriceItemPatch } from '../../../../shared/schemas/admin-price-list';
import { durationText } from '../../../../shared/duration-text';
import { toast } from '../../../components/ui/use-toast';
import { toastNotSaved, toastNotValid } from '../../../components/admin/not-saved-toast';
import { useFormFields } from '../../../components/admin/use-form-fields';
import { BoundCheckbox, BoundInput, BoundTextArea } from '../../../components/admin/fields';
import { DialogForm, FormDialog } from '../../../components/admin/form-dialog';
import { useCreatePriceItem, useUpdatePriceItem } from '../api/prices-api';
import { itemFormSchema, itemFormValues, showServerErrors, type ItemFormOutput, type ItemFormValues } from '../utils/price-forms';
import { priceText } from '../utils/price-text';

const FALLBACK = 'Could not save the item. Please try again.';

/** What changes of an item: every box but its service; an emptied order box keeps its place. */
function itemPatch({ serviceType: _serviceType, sortOrder, ...values }: ItemFormOutput): PriceItemPatch {
  return sortOrder === undefined ? values : { ...values, sortOrder };
}

function ItemForm({ item, serviceType, onDone }: { item: AdminPriceItem | null; serviceType: string; onDone: () => void }) {
  const create = useCreatePriceItem();
  const update = useUpdatePriceItem();
  const form = useForm<ItemFormValues, unknown, ItemFormOutput>({ resolver: zodResolver(itemFormSchema), defaultValues: itemFormValues(item, serviceType) });
  const { bind } = useFormFields(form);

  const submit = form.handleSubmit((values) => {
    const callbacks = {
      onSuccess: (saved: AdminPriceItem) => {
        toast({ title: 'Item Saved', description: `${saved.name}: ${priceText(saved)}, ${durationText(saved.minutes)}${saved.active ? '' : ', not offered'}.`, variant: 'success' });
        onDone();
      },
      onError: (err: Error) => {
        showServerErrors(err, form.setError);
        toastNotSaved(err, FALLBACK);
      },
    };
    if (item) update.mutate({ id: item.id, values: itemPatch(values) }, callbacks);
    else create.mutate(values, callbacks);
  }, (invalid) => toastNotValid(invalid, FALLBACK));

  return (
    <DialogForm onSubmit={submit} pending={create.isPending || update.isPending} saveLabel={item ? 'Save item' : 'Add item'}>
      <BoundInput {...bind('name')} label="Name" />
      <BoundTextArea {...bind('description')} label="Description" hint="One line visitors read under the name." rows={2} />
      <div className="grid gap-4 sm:grid-cols-2">
        <BoundInput {...bind('price')} label="Price (US dollars)" hint="For one, for example 89 or 89.50." inputMode="decimal" />
        <BoundInput {...bind('minutes')} label="Minutes" hint="The time one takes on site, in steps of 5." type="number" inputMode="numeric" min={5} max={600} step={5} />
      </div>
      <BoundCheckbox {...bind('priceIsFrom')} label="“From” price" hint="For work that varies: the price is where it starts, the rest is agreed on site." />
      <BoundCheckbox {...bind('twoPeople')} label="Needs two people" hint="A job with it goes only to a crew of two." />
      <div className="grid gap-4 sm:grid-cols-2">
        <BoundInput {...bind('maxQuantity')} label="Most per visit" hint="The largest quantity one booking takes." type="number" inputMode="numeric" min={1} max={99} />
        <BoundInput {...bind('sortOrder')} label="Order" hint={item ? 'Lower numbers come first in its service.' : 'Lower numbers come first; empty, it goes last.'} type="number" inputMode="numeric" min={0} />
      </div>
      <BoundCheckbox {...bind('active')} label="Offered on the booking page" hint="Turned off, visitors no longer see it; booked jobs keep it." />
    </DialogForm>
  );
}

/** The item dialog: edits `item`, or adds an item to `serviceName`'s list. */
export function ItemDialog({ item, serviceType, serviceName, trigger }: { item: AdminPriceItem | null; serviceType: string; serviceName: string; trigger: ReactNode }) {
  return (
    <FormDialog
      title={item ? `Edit ${item.name}` : `Add an item to ${serviceName}`}
      description="Visitors see the change on the booking page as soon as it is saved; jobs already booked keep their price."
      trigger={trigger}
    >
      {(close) => <ItemForm item={item} serviceType={serviceType} onDone={close} />}
    </FormDialog>
  );
}
