import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_BUSINESS_TZ, DEPOSIT_AMOUNT, SERVICE_TYPES, serviceTypeLabel } from '../../../../shared/constants';
import type { CreateBookingInput } from '../../../../shared/schemas/booking';
import { checkServiceArea } from '../../../../shared/service-area';
import { toast } from '../../../components/ui/use-toast';
import { BOOKING_NEEDS_JAVASCRIPT_MESSAGE } from '../../../../shared/form-post';
import { ApiError, errorMessage } from '../../../lib/api';
import { useFormPost } from '../../../lib/form-post';
import { toIsoDate } from '../../../lib/dates';
import { useSiteConfig } from '../../../lib/site-config';
import { useBusinessToday } from '../../../lib/use-business-today';
import { useActiveServices } from '../../../lib/services';
import { bookingKeys } from '../api/booking-keys';
import { useCreateBooking } from '../api/create-booking';
import { saveBookingForCalendar, wallClockToUtc } from '../utils/calendar-handoff';
import { useTimeSlots } from '../api/get-time-slots';
import { bookingFormSchema, type BookingFormInput, type BookingFormValues } from '../utils/booking-form-schema';
import { jobLengthText, timeClearedNotice } from '../utils/job-length';
import { CalendarPlaceholder } from './calendar-placeholder';
import { describedBy, Field, FieldError, inputClass } from './field';
import { TimeSlotGrid } from './time-slot-grid';

// The calendar (react-day-picker) renders only after mount, so its code stays off the first view.
const BookingCalendar = lazy(() => import('./booking-calendar'));

export interface CreatedBooking {
  id: number;
  serviceType: string;
  date: Date;
  time: string;
  address: string;
}

interface BookingFormProps {
  onCreated: (booking: CreatedBooking) => void;
  /** Tells the step indicator whether a service has been chosen yet. */
  onServiceChosen: (chosen: boolean) => void;
}

const MISSING_SLOT = 'Please select a date and time slot for your booking';
const FORM_FIELDS = ['serviceType', 'bookingDate', 'bookingTime', 'fullName', 'phone', 'email', 'address', 'specialInstructions'] as const;

const sectionTitle = 'font-display text-lg font-semibold text-ink-950';

/** Step 1: service, date, time and contact details; creates the pending booking. */
export function BookingForm({ onCreated, onServiceChosen }: BookingFormProps) {
  const uid = useId();
  const ids = {
    serviceType: `${uid}-service`,
    dateLabel: `${uid}-date-label`,
    date: `${uid}-date`,
    timeLabel: `${uid}-time-label`,
    time: `${uid}-time`,
    fullName: `${uid}-name`,
    phone: `${uid}-phone`,
    email: `${uid}-email`,
    address: `${uid}-address`,
    specialInstructions: `${uid}-notes`,
    smsOptIn: `${uid}-sms`,
  };
  const config = useSiteConfig();
  const today = useBusinessToday({ afterMount: true })?.date ?? null;
  const queryClient = useQueryClient();
  const createBooking = useCreateBooking();

  // Posted before the page could run (a slow phone): the server answers with this page, what was typed kept.
  const post = useFormPost('book');
  const typed = (name: 'serviceType' | 'fullName' | 'phone' | 'email' | 'address' | 'specialInstructions') => post?.values?.[name];
  const form = useForm<BookingFormInput, unknown, BookingFormValues>({
    resolver: zodResolver(bookingFormSchema),
    // The fields the server renders are not given defaults: they keep what was typed into the
    // server's HTML before the page could run (react-hook-form reads them when it registers them).
    defaultValues: { bookingTime: '', smsOptIn: false },
  });
  const { register, setValue, setError, formState, control } = form;
  const errors = formState.errors;
  const [serviceType, bookingDate, bookingTime] = useWatch({ control, name: ['serviceType', 'bookingDate', 'bookingTime'] });
  const address = useWatch({ control, name: 'address' });
  const isoDate = bookingDate ? toIsoDate(bookingDate) : null;
  // The starts that fit the chosen service's job; before a service is chosen, the one-hour grid.
  const slots = useTimeSlots(isoDate, serviceType || null);
  const services = useActiveServices();
  const jobMinutes = (slug: string | undefined) => services.data?.find((s) => s.slug === slug)?.durationMinutes ?? null;
  const chosenMinutes = serviceType ? jobMinutes(serviceType) : null;

  /** Keeps what the confirmation page's "Add to calendar" needs (it makes no call of its own). */
  function rememberForCalendar(id: number, date: string, time: string, where: string) {
    const timeZone = config.data?.business.timeZone ?? DEFAULT_BUSINESS_TZ;
    const start = wallClockToUtc(date, time, timeZone);
    const minutes = jobMinutes(serviceType) ?? 60;
    const serviceName = serviceOptions.find((o) => o.value === serviceType)?.label ?? serviceType;
    const business = config.data?.business;
    saveBookingForCalendar({
      id,
      title: business ? `${serviceName} with ${business.name}` : serviceName,
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + minutes * 60_000).toISOString(),
      details: business ? `Booking #${id}. Questions or changes: ${business.phone}` : `Booking #${id}`,
      location: where,
    });
  }
  // The owner's active services in their order once loaded (an inactive one leaves the select);
  // until then, and in the server's HTML, the first services the site shipped with.
  const serviceOptions: readonly { value: string; label: string }[] = services.data ? services.data.map((s) => ({ value: s.slug, label: s.name })) : SERVICE_TYPES;
  // Why the chosen time was cleared (a polite status line under the times, not a notice).
  const [timeNotice, setTimeNotice] = useState('');

  const textsEnabled = config.data?.texts.enabled === true;
  const area = config.data ? { serviceZips: config.data.schedule.serviceZips, phone: config.data.business.phone } : null;
  const areaCheck = area ? checkServiceArea(address ?? '', area) : null;
  const outOfArea = areaCheck && !areaCheck.ok ? areaCheck.message : undefined;
  // Shown while typing, once the address holds more than the ZIP itself (a house number being
  // typed is no ZIP yet); on submit it always counts.
  const liveAreaError = outOfArea && /\D/.test((address ?? '').trim()) ? outOfArea : undefined;
  const addressError = errors.address?.message ?? liveAreaError;

  const slotTimes = slots.isSuccess ? slots.data : null;
  useEffect(() => {
    // A new service (or fresh times) may no longer offer the chosen time: clear it and say why.
    if (!slotTimes || !bookingTime) return;
    if (slotTimes.some((s) => s.slotTime === bookingTime)) return;
    setValue('bookingTime', '', { shouldValidate: formState.isSubmitted });
    setTimeNotice(timeClearedNotice(bookingTime, serviceType ? serviceTypeLabel(serviceType) : null, chosenMinutes));
  }, [slotTimes, bookingTime, serviceType, chosenMinutes, setValue, formState.isSubmitted]);

  useEffect(() => {
    onServiceChosen(Boolean(serviceType));
  }, [serviceType, onServiceChosen]);

  function selectDate(date: Date) {
    const revalidate = formState.isSubmitted;
    setValue('bookingDate', date, { shouldValidate: revalidate });
    // A new day has its own times: the one picked before may not exist there.
    setValue('bookingTime', '', { shouldValidate: revalidate });
    setTimeNotice('');
  }

  function selectTime(slotTime: string) {
    setValue('bookingTime', slotTime, { shouldValidate: formState.isSubmitted });
    setTimeNotice('');
  }

  function onInvalid(invalid: FieldErrors<BookingFormInput>) {
    if (invalid.bookingDate || invalid.bookingTime) {
      toast({ title: 'Booking Error', description: MISSING_SLOT, variant: 'destructive' });
    }
  }

  function onValid(values: BookingFormValues) {
    // Outside the service area: refused here, before any hold or payment (the server says the same).
    const inArea = area ? checkServiceArea(values.address, area) : null;
    if (inArea && !inArea.ok) {
      setError('address', { message: inArea.message }, { shouldFocus: true });
      return;
    }
    const input: CreateBookingInput = {
      serviceType: values.serviceType,
      bookingDate: toIsoDate(values.bookingDate),
      bookingTime: values.bookingTime,
      fullName: values.fullName,
      phone: values.phone,
      email: values.email,
      address: values.address,
      specialInstructions: values.specialInstructions || undefined,
      depositAmount: DEPOSIT_AMOUNT,
      totalAmount: DEPOSIT_AMOUNT,
      ...(textsEnabled ? { smsOptIn: values.smsOptIn === true } : {}),
    };
    createBooking.mutate(input, {
      onSuccess: (booking) => {
        void queryClient.invalidateQueries({ predicate: bookingKeys.slotsOfDay(input.bookingDate) });
        rememberForCalendar(booking.id, input.bookingDate, input.bookingTime, values.address);
        onCreated({ id: booking.id, serviceType: values.serviceType, date: values.bookingDate, time: values.bookingTime, address: values.address });
      },
      onError: (error) => {
        const message = errorMessage(error, 'Failed to create booking');
        toast({ title: 'Booking Error', description: message, variant: 'destructive' });
        if (!(error instanceof ApiError)) return;
        if (error.status === 409) {
          // Someone else took the time (or it closed) meanwhile: show fresh times, ask for another.
          void queryClient.invalidateQueries({ predicate: bookingKeys.slotsOfDay(input.bookingDate) });
          setValue('bookingTime', '');
          setTimeNotice('');
          setError('bookingTime', { message });
          document.getElementById(ids.timeLabel)?.scrollIntoView({ block: 'center' });
        } else if (error.errors) {
          for (const field of FORM_FIELDS) {
            const fieldMessage = error.errors[field];
            if (fieldMessage) setError(field, { message: fieldMessage });
          }
        }
      },
    });
  }

  const fieldProps = (name: keyof typeof ids & (typeof FORM_FIELDS)[number], opts: { error?: string; hint?: boolean } = { error: errors[name]?.message }) => ({
    id: ids[name],
    'aria-invalid': opts.error ? true : undefined,
    'aria-describedby': describedBy(ids[name], opts),
  });
  const serviceHint = serviceType && chosenMinutes ? `A ${serviceTypeLabel(serviceType)} job takes ${jobLengthText(chosenMinutes)}. The times offered leave room for all of it.` : undefined;

  return (
    // Booking needs the page (the card payment): posted without it, /book answers that, keeping
    // what was typed, and nothing lands in the URL.
    <form method="post" action="/book" noValidate onSubmit={form.handleSubmit(onValid, onInvalid)} className="space-y-8">
      {post && (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-900">
          {BOOKING_NEEDS_JAVASCRIPT_MESSAGE}
        </p>
      )}
      <section className="space-y-4" aria-labelledby={`${uid}-service-title`}>
        <h3 id={`${uid}-service-title`} className={sectionTitle}>
          Service
        </h3>
        <Field id={ids.serviceType} label="Service Type" error={errors.serviceType?.message} hint={serviceHint}>
          <select defaultValue={typed('serviceType')} {...register('serviceType')} {...fieldProps('serviceType', { error: errors.serviceType?.message, hint: Boolean(serviceHint) })} className={inputClass}>
            <option value="">Select a service</option>
            {serviceOptions.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </Field>
      </section>

      <section className="space-y-4" aria-labelledby={`${uid}-when-title`}>
        <h3 id={`${uid}-when-title`} className={sectionTitle}>
          Date and Time
        </h3>
        <div className="grid gap-6 lg:grid-cols-[auto_1fr]">
          <div>
            <p id={ids.dateLabel} className="mb-2 text-sm font-semibold text-ink-900">
              Select a Date
            </p>
            {today ? (
              <Suspense fallback={<CalendarPlaceholder />}>
                <BookingCalendar
                  today={today}
                  selected={bookingDate}
                  onSelect={selectDate}
                  labelledBy={ids.dateLabel}
                  describedBy={describedBy(ids.date, { hint: true, error: errors.bookingDate?.message })}
                />
              </Suspense>
            ) : (
              <CalendarPlaceholder />
            )}
            <p id={`${ids.date}-hint`} className="mt-2 text-sm text-neutral-600">
              Closed on Sundays. Book up to 90 days ahead.
            </p>
            <FieldError id={`${ids.date}-error`} message={errors.bookingDate?.message} />
          </div>
          <div>
            <p id={ids.timeLabel} className="mb-2 text-sm font-semibold text-ink-900">
              Available Times
            </p>
            {isoDate && !serviceType && (
              <p id={`${ids.time}-hint`} className="mb-2 text-sm text-neutral-600">
                These times fit a one-hour job. Choose a service to see the times that fit its length.
              </p>
            )}
            {isoDate ? (
              <TimeSlotGrid
                slots={slots.data}
                isLoading={slots.isPending}
                isError={slots.isError}
                selected={bookingTime ?? ''}
                onSelect={selectTime}
                onRetry={() => void slots.refetch()}
                labelledBy={ids.timeLabel}
                describedBy={describedBy(ids.time, { hint: !serviceType, error: errors.bookingTime?.message })}
              />
            ) : (
              <p className="rounded-md border border-neutral-200 bg-neutral-50 p-3 text-sm text-neutral-700">Choose a date to see the available times.</p>
            )}
            <FieldError id={`${ids.time}-error`} message={errors.bookingTime?.message} />
            <p role="status" className={timeNotice ? 'mt-2 rounded-md border border-gold-300 bg-gold-50 p-3 text-sm text-ink-900' : 'sr-only'}>
              {timeNotice}
            </p>
          </div>
        </div>
      </section>

      <section className="space-y-4" aria-labelledby={`${uid}-details-title`}>
        <h3 id={`${uid}-details-title`} className={sectionTitle}>
          Your Details
        </h3>
        <div className="grid gap-4 md:grid-cols-2">
          <Field id={ids.fullName} label="Full Name" error={errors.fullName?.message}>
            <input defaultValue={typed('fullName')} {...register('fullName')} {...fieldProps('fullName')} type="text" autoComplete="name" className={inputClass} />
          </Field>
          <Field id={ids.phone} label="Phone Number" error={errors.phone?.message}>
            <input defaultValue={typed('phone')} {...register('phone')} {...fieldProps('phone')} type="tel" autoComplete="tel" className={inputClass} />
          </Field>
          <Field id={ids.email} label="Email Address" error={errors.email?.message}>
            <input defaultValue={typed('email')} {...register('email')} {...fieldProps('email')} type="email" autoComplete="email" className={inputClass} />
          </Field>
          <Field id={ids.address} label="Service Address" error={addressError}>
            <input defaultValue={typed('address')} {...register('address')} {...fieldProps('address', { error: addressError })} type="text" autoComplete="street-address" className={inputClass} />
          </Field>
          <Field id={ids.specialInstructions} label="Special Instructions (Optional)" error={errors.specialInstructions?.message} className="md:col-span-2">
            <textarea
              defaultValue={typed('specialInstructions')}
              {...register('specialInstructions')}
              {...fieldProps('specialInstructions')}
              rows={4}
              placeholder="Item details, parking, wall type, anything we should know"
              className={inputClass}
            />
          </Field>
          {textsEnabled && (
            <div className="md:col-span-2">
              <div className="flex items-start gap-3">
                <input {...register('smsOptIn')} id={ids.smsOptIn} type="checkbox" aria-describedby={`${ids.smsOptIn}-hint`} className="mt-0.5 h-5 w-5 shrink-0 accent-gold-600" />
                <label htmlFor={ids.smsOptIn} className="text-sm font-semibold text-ink-900">
                  Text me reminders and updates
                </label>
              </div>
              <p id={`${ids.smsOptIn}-hint`} className="mt-1 pl-8 text-sm text-neutral-600">
                A reminder the day before and a text when we are on our way, to the phone number above. Message and data rates may apply. Reply STOP to opt out.
              </p>
            </div>
          )}
        </div>
      </section>

      <button
        type="submit"
        disabled={createBooking.isPending}
        className="inline-flex w-full items-center justify-center rounded-md bg-ink-950 px-6 py-3 text-base font-semibold text-gold-300 shadow hover:bg-ink-800 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto"
      >
        {createBooking.isPending ? 'Processing...' : 'Continue to Payment'}
      </button>
    </form>
  );
}
