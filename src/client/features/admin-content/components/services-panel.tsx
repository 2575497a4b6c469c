import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Pencil } from 'lucide-react';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api';
import { MAX_SERVICE_MINUTES, MIN_SERVICE_MINUTES, SERVICE_MINUTES_STEP, type AdminService, type ServiceInput } from '../../../../shared/schemas/admin-content';
import { useAdminServices, useReorderServices, useUpdateService } from '../api/content-api';
import { apiFieldErrors, setServerErrors } from '../../../lib/form-errors';
import { serviceFormSchema } from '../utils/content-forms';
import { dollarsText, PRICE_DOLLARS_MESSAGE } from '../../../lib/dollars';
import { durationText, formatPrice } from '../utils/service-format';
import { ContentListPanel, type ContentListTexts } from './content-list-panel';
import { IconButton } from '../../../components/admin/icon-button';
import { SelectOptions } from '../../../components/admin/select-options';
import { useFormFields } from '../../../components/admin/use-form-fields';
import { BoundCheckbox, BoundInput, BoundSelect, BoundTextArea } from '../../../components/admin/fields';
import { DialogForm, FormDialog } from '../../../components/admin/form-dialog';

const DURATIONS = Array.from({ length: (MAX_SERVICE_MINUTES - MIN_SERVICE_MINUTES) / SERVICE_MINUTES_STEP + 1 }, (_, i) => MIN_SERVICE_MINUTES + i * SERVICE_MINUTES_STEP);

type ServiceValues = z.input<typeof serviceFormSchema>;

function ServiceForm({ service, onDone }: { service: AdminService; onDone: () => void }) {
  const update = useUpdateService();
  const form = useForm<ServiceValues, unknown, z.output<typeof serviceFormSchema>>({
    resolver: zodResolver(serviceFormSchema),
    defaultValues: {
      name: service.name,
      description: service.description,
      price: dollarsText(service.price),
      durationMinutes: String(service.durationMinutes),
      active: service.active,
    },
  });
  const { bind } = useFormFields(form);
  // A length set before these rules (say 20 minutes) still shows as chosen.
  const durations = DURATIONS.includes(service.durationMinutes) ? DURATIONS : [...DURATIONS, service.durationMinutes].sort((a, b) => a - b);

  const submit = form.handleSubmit((values) => {
    const input: ServiceInput = { ...values, sortOrder: service.sortOrder };
    update.mutate(
      { id: service.id, values: input },
      {
        onSuccess: (saved) => {
          toast({ title: 'Service Saved', description: `${saved.name}: ${formatPrice(saved.price)}, ${durationText(saved.durationMinutes)}${saved.active ? '' : ', not offered'}.`, variant: 'success' });
          onDone();
        },
        onError: (err) => {
          setServerErrors(err, form.setError);
          if (apiFieldErrors(err).price) form.setError('price', { type: 'server', message: PRICE_DOLLARS_MESSAGE });
          toast({ title: 'Not Saved', description: errorMessage(err, 'Could not save the service. Please try again.'), variant: 'destructive' });
        },
      },
    );
  });

  return (
    <DialogForm onSubmit={submit} pending={update.isPending} saveLabel="Save service">
      <BoundInput {...bind('name')} label="Name" />
      <BoundTextArea {...bind('description')} label="Description" rows={4} />
      <div className="grid gap-4 sm:grid-cols-2">
        <BoundInput {...bind('price')} label="Starting price (US dollars)" hint="For example 89 or 89.50." inputMode="decimal" />
        <BoundSelect {...bind('durationMinutes')} label="Job length" hint="The time each booking holds a crew.">
          <SelectOptions values={durations} label={durationText} />
        </BoundSelect>
      </div>
      <BoundCheckbox {...bind('active')} label="Offered on the booking page" hint="Turned off, the service leaves the booking form and the services list; its booked jobs stay." />
    </DialogForm>
  );
}

function ServiceDialog({ service, trigger }: { service: AdminService; trigger: ReactNode }) {
  return (
    <FormDialog title={`Edit ${service.name}`} description="Changes show on the public pages and the booking form as soon as they are saved." trigger={trigger}>
      {(close) => <ServiceForm service={service} onDone={close} />}
    </FormDialog>
  );
}

const TEXTS: ContentListTexts<AdminService> = {
  intro: 'The services in the order the site lists them. Prices are starting prices; the job length sets which times the booking form offers.',
  noun: 'services',
  empty: 'No services yet.',
  listLabel: 'Services',
};

/** The services as the owner manages them: name, description, price, job length, order, offered or not. */
export function ServicesPanel() {
  return (
    <ContentListPanel
      texts={TEXTS}
      query={useAdminServices()}
      reorder={useReorderServices()}
      itemName={(service) => service.name}
    >
      {(service, buttons) => (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold text-ink-950">{service.name}</h2>
            {!service.active && <span className="rounded-full bg-neutral-200 px-2 py-0.5 text-xs font-semibold text-neutral-800">Not offered</span>}
          </div>
          <p className="text-sm text-neutral-800">
            From {formatPrice(service.price)} · {durationText(service.durationMinutes)}
          </p>
          <p className="text-sm text-neutral-700">{service.description}</p>
          <div className="flex flex-wrap gap-2 pt-1">
            <ServiceDialog service={service} trigger={<IconButton Icon={Pencil} srLabel={service.name}>Edit</IconButton>} />
            {buttons}
          </div>
        </>
      )}
    </ContentListPanel>
  );
}
