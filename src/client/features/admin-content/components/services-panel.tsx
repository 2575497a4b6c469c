import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Pencil } from 'lucide-react';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api';
import { MAX_SERVICE_MINUTES, MIN_SERVICE_MINUTES, SERVICE_MINUTES_STEP, type AdminService, type ServiceInput } from '../../../../shared/schemas/admin-content';
import { useAdminServices, useReorderServices, useUpdateService } from '../api/content-api';
import { apiFieldErrors, setServerErrors } from '../../../lib/form-errors';
import { PRICE_DOLLARS_MESSAGE, serviceFormSchema } from '../utils/content-forms';
import { durationText, formatPrice } from '../utils/service-format';
import { MoveButtons, useMoveInList } from './content-form-parts';
import { PanelStates } from '../../../components/admin/panel-states';
import { cardClass, outlineButtonClass } from '../../../components/admin/styles';
import { CheckboxField, checkboxClass, controlAria, controlClass, FormField, inputClass } from '../../../components/form-field';
import { DialogActions, FormDialog } from '../../../components/admin/form-dialog';

const DURATIONS = Array.from({ length: (MAX_SERVICE_MINUTES - MIN_SERVICE_MINUTES) / SERVICE_MINUTES_STEP + 1 }, (_, i) => MIN_SERVICE_MINUTES + i * SERVICE_MINUTES_STEP);

type ServiceValues = z.input<typeof serviceFormSchema>;

function ServiceForm({ service, onDone }: { service: AdminService; onDone: () => void }) {
  const id = useId();
  const update = useUpdateService();
  const { register, handleSubmit, setError, formState } = useForm<ServiceValues, unknown, z.output<typeof serviceFormSchema>>({
    resolver: zodResolver(serviceFormSchema),
    defaultValues: {
      name: service.name,
      description: service.description,
      price: (service.price / 100).toFixed(service.price % 100 === 0 ? 0 : 2),
      durationMinutes: String(service.durationMinutes),
      active: service.active,
    },
  });
  const { errors } = formState;
  // A length set before these rules (say 20 minutes) still shows as chosen.
  const durations = DURATIONS.includes(service.durationMinutes) ? DURATIONS : [...DURATIONS, service.durationMinutes].sort((a, b) => a - b);

  const submit = handleSubmit((values) => {
    const input: ServiceInput = { ...values, sortOrder: service.sortOrder };
    update.mutate(
      { id: service.id, values: input },
      {
        onSuccess: (saved) => {
          toast({ title: 'Service Saved', description: `${saved.name}: ${formatPrice(saved.price)}, ${durationText(saved.durationMinutes)}${saved.active ? '' : ', not offered'}.`, variant: 'success' });
          onDone();
        },
        onError: (err) => {
          setServerErrors(err, setError);
          if (apiFieldErrors(err).price) setError('price', { type: 'server', message: PRICE_DOLLARS_MESSAGE });
          toast({ title: 'Not Saved', description: errorMessage(err, 'Could not save the service. Please try again.'), variant: 'destructive' });
        },
      },
    );
  });

  const aria = (field: keyof ServiceValues, hint = false) => controlAria(`${id}-${field}`, errors[field]?.message, hint);

  return (
    <form method="post" action="/admin" onSubmit={submit} noValidate className="mt-4 space-y-4">
      <FormField id={`${id}-name`} label="Name" error={errors.name?.message}>
        <input type="text" className={controlClass} {...aria('name')} {...register('name')} />
      </FormField>
      <FormField id={`${id}-description`} label="Description" error={errors.description?.message}>
        <textarea rows={4} className={inputClass} {...aria('description')} {...register('description')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-price`} label="Starting price (US dollars)" hint="For example 89 or 89.50." error={errors.price?.message}>
          <input type="text" inputMode="decimal" className={controlClass} {...aria('price', true)} {...register('price')} />
        </FormField>
        <FormField id={`${id}-durationMinutes`} label="Job length" hint="The time each booking holds a crew." error={errors.durationMinutes?.message}>
          <select className={controlClass} {...aria('durationMinutes', true)} {...register('durationMinutes')}>
            {durations.map((m) => (
              <option key={m} value={m}>
                {durationText(m)}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <CheckboxField
        id={`${id}-active`}
        label="Offered on the booking page"
        hint="Turned off, the service leaves the booking form and the services list; its booked jobs stay."
        error={errors.active?.message}
      >
        <input type="checkbox" className={checkboxClass} {...aria('active', true)} {...register('active')} />
      </CheckboxField>
      <DialogActions pending={update.isPending} saveLabel="Save service" />
    </form>
  );
}

function ServiceDialog({ service, trigger }: { service: AdminService; trigger: ReactNode }) {
  return (
    <FormDialog title={`Edit ${service.name}`} description="Changes show on the public pages and the booking form as soon as they are saved." trigger={trigger}>
      {(close) => <ServiceForm service={service} onDone={close} />}
    </FormDialog>
  );
}

/** The services as the owner manages them: name, description, price, job length, order, offered or not. */
export function ServicesPanel() {
  const services = useAdminServices();
  const reorder = useReorderServices();
  const list = services.data ?? [];

  const move = useMoveInList(list, reorder, (service) => service.name);

  return (
    <div className="space-y-4">
      <p className="text-sm text-neutral-700">The services in the order the site lists them. Prices are starting prices; the job length sets which times the booking form offers.</p>
      <PanelStates query={services} loading="Loading services..." failed="Could not load the services. Please reload the page." isEmpty={list.length === 0} empty="No services yet.">
        <ul className="space-y-3" aria-label="Services">
          {list.map((service, index) => (
            <li key={service.id} className={`${cardClass} space-y-2 p-4`}>
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="font-semibold text-ink-950">{service.name}</h2>
                {!service.active && <span className="rounded-full bg-neutral-200 px-2 py-0.5 text-xs font-semibold text-neutral-800">Not offered</span>}
              </div>
              <p className="text-sm text-neutral-800">
                From {formatPrice(service.price)} · {durationText(service.durationMinutes)}
              </p>
              <p className="text-sm text-neutral-700">{service.description}</p>
              <div className="flex flex-wrap gap-2 pt-1">
                <ServiceDialog
                  service={service}
                  trigger={
                    <button type="button" className={outlineButtonClass}>
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                      Edit<span className="sr-only"> {service.name}</span>
                    </button>
                  }
                />
                <MoveButtons label={service.name} index={index} count={list.length} disabled={reorder.isPending} onMove={(step) => move(index, step)} />
              </div>
            </li>
          ))}
        </ul>
      </PanelStates>
    </div>
  );
}
