import { useEffect, useId, useState, type FormEvent } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_BUSINESS_TZ, DEPOSIT_AMOUNT, SERVICE_TYPES, serviceTypeLabel } from '../../../../shared/constants';
import type { CreateBookingInput } from '../../../../shared/schemas/booking';
import type { PublicConfig } from '../../../../shared/schemas/content';
import { checkServiceArea } from '../../../../shared/service-area';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api';
import { onlyFields, setServerErrors } from '../../../lib/form-errors';
import { useFormPost } from '../../../lib/form-post';
import { toIsoDate } from '../../../lib/dates';
import { useSiteConfig } from '../../../lib/site-config';
import { useActiveServices } from '../../../lib/services';
import { bookingKeys } from '../api/booking-keys';
import { useCreateBooking } from '../api/create-booking';
import { useTimeSlots } from '../api/get-time-slots';
import { saveBookingForCalendar, wallClockToUtc } from '../utils/calendar-handoff';
import { bookingFormSchema, type BookingFormInput, type BookingFormValues } from '../utils/booking-form-schema';
import { jobTooLongText, timeClearedNotice } from '../utils/job-length';
import { slotsJobOf, type JobSummary } from '../utils/job-quote';
import { useJobQuote } from './use-job-quote';

export interface CreatedBooking {
  id: number;
  serviceType: string;
  date: Date;
  time: string;
  address: string;
  /** The lines and total of a job picked from the price list, as the booking's answer priced them. */
  job?: JobSummary;
}

const MISSING_SLOT = 'Please select a date and time slot for your booking';
/** Codes of a refused booking that may come from a price list changed since it was read. */
const LIST_MAY_HAVE_CHANGED = ['JOB_DOES_NOT_FIT', 'VALIDATION_ERROR'];
const FORM_FIELDS = ['serviceType', 'bookingDate', 'bookingTime', 'fullName', 'phone', 'email', 'address', 'specialInstructions'] as const;

/** Keeps what the confirmation page's "Add to calendar" needs (it makes no call of its own). */
function rememberForCalendar(input: CreateBookingInput, id: number, service: { name: string; minutes: number; job?: JobSummary }, business: PublicConfig['business'] | undefined) {
  const start = wallClockToUtc(input.bookingDate, input.bookingTime, business?.timeZone ?? DEFAULT_BUSINESS_TZ);
  saveBookingForCalendar({
    job: service.job,
    id,
    title: business ? `${service.name} with ${business.name}` : service.name,
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + service.minutes * 60_000).toISOString(),
    details: business ? `Booking #${id}. Questions or changes: ${business.phone}` : `Booking #${id}`,
    location: input.address,
  });
}

/** The element ids of the booking form's fields and labels. */
export function useBookingFormIds() {
  const uid = useId();
  return {
    uid,
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
    jobTooLong: `${uid}-job-too-long`,
  };
}

export type BookingFormIds = ReturnType<typeof useBookingFormIds>;

/**
 * Step 1's state and submission: the chosen service and the items picked from its price list, the
 * day and time (a time the service, the job or a new day no longer offers is cleared, with a note
 * why), the service-area check, and the pending booking created (a 409 asks for another time).
 */
export function useBookingForm({ onCreated, onServiceChosen }: { onCreated: (booking: CreatedBooking) => void; onServiceChosen: (chosen: boolean) => void }) {
  const ids = useBookingFormIds();
  const config = useSiteConfig();
  const queryClient = useQueryClient();
  const createBooking = useCreateBooking();
  // Posted before the page could run (a slow phone): the server answers with this page, what was typed kept.
  const post = useFormPost('book');
  const form = useForm<BookingFormInput, unknown, BookingFormValues>({
    resolver: zodResolver(bookingFormSchema),
    // The fields the server renders are not given defaults: they keep what was typed into the
    // server's HTML before the page could run (react-hook-form reads them when it registers them).
    defaultValues: { bookingTime: '', smsOptIn: false },
  });
  const { setValue, setError, formState, control } = form;
  const [serviceType, bookingDate, bookingTime] = useWatch({ control, name: ['serviceType', 'bookingDate', 'bookingTime'] });
  const address = useWatch({ control, name: 'address' });
  const isoDate = bookingDate ? toIsoDate(bookingDate) : null;
  const jobQuote = useJobQuote(serviceType);
  const { job } = jobQuote;
  // The starts that fit the chosen service's job, or the job picked from its list (none asked for
  // a job longer than a visit); before a service is chosen, the one-hour grid.
  const slots = useTimeSlots(job?.isTooLong ? null : isoDate, serviceType || null, slotsJobOf(job));
  const services = useActiveServices();
  const jobMinutes = (slug: string | undefined) => services.data?.find((s) => s.slug === slug)?.durationMinutes ?? null;
  const chosenMinutes = serviceType ? jobMinutes(serviceType) : null;
  // What the times are for: the picked job's length as the visitor reads it, or the service's.
  const timesForMinutes = job ? job.quote.minutes : chosenMinutes;
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

  const slotTimes = slots.isSuccess ? slots.data : null;
  const isTooLong = job?.isTooLong === true;
  useEffect(() => {
    // A new service or job (or fresh times) may no longer offer the chosen time: clear it and say
    // why. A job too long to book online has no times at all (the picker says so).
    if (!bookingTime) return;
    if (isTooLong) {
      setValue('bookingTime', '', { shouldValidate: formState.isSubmitted });
      setTimeNotice('');
      return;
    }
    if (!slotTimes || slotTimes.some((s) => s.slotTime === bookingTime)) return;
    setValue('bookingTime', '', { shouldValidate: formState.isSubmitted });
    setTimeNotice(timeClearedNotice(bookingTime, serviceType ? serviceTypeLabel(serviceType) : null, timesForMinutes));
  }, [slotTimes, bookingTime, isTooLong, serviceType, timesForMinutes, setValue, formState.isSubmitted]);

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

  const submit = form.handleSubmit(onValid, onInvalid);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!isTooLong || !job) return submit(event);
    // No times are offered for it: say why instead of asking for one.
    event.preventDefault();
    toast({ title: 'Booking Error', description: jobTooLongText(job.quote.minutes), variant: 'destructive' });
    document.getElementById(ids.jobTooLong)?.scrollIntoView({ block: 'center' });
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
      ...(job ? { items: job.items } : {}),
    };
    // The booking's own answer is the price: the list may have changed since it was read.
    const isFrom = job?.isFrom === true;
    createBooking.mutate(input, {
      onSuccess: (booking) => {
        void queryClient.invalidateQueries({ predicate: bookingKeys.slotsOfDay(input.bookingDate) });
        const serviceName = serviceOptions.find((o) => o.value === values.serviceType)?.label ?? values.serviceType;
        const bookedJob = booking.lines?.length ? { lines: booking.lines, totalCents: booking.totalCents ?? 0, isFrom } : undefined;
        const minutes = job?.bookedMinutes ?? jobMinutes(values.serviceType) ?? 60;
        rememberForCalendar(input, booking.id, { name: serviceName, minutes, job: bookedJob }, config.data?.business);
        onCreated({ id: booking.id, serviceType: values.serviceType, date: values.bookingDate, time: values.bookingTime, address: values.address, job: bookedJob });
      },
      onError: (error) => {
        const message = errorMessage(error, 'Failed to create booking');
        toast({ title: 'Booking Error', description: message, variant: 'destructive' });
        if (!(error instanceof ApiError)) return;
        if (input.items && error.code && LIST_MAY_HAVE_CHANGED.includes(error.code)) jobQuote.refreshList();
        if (error.status === 409) {
          // Someone else took the time (or it closed) meanwhile: show fresh times, ask for another.
          void queryClient.invalidateQueries({ predicate: bookingKeys.slotsOfDay(input.bookingDate) });
          setValue('bookingTime', '');
          setTimeNotice('');
          setError('bookingTime', { message });
          document.getElementById(ids.timeLabel)?.scrollIntoView({ block: 'center' });
        } else {
          setServerErrors(error, setError, onlyFields(FORM_FIELDS));
        }
      },
    });
  }

  return {
    ids,
    form,
    post,
    serviceType,
    bookingDate,
    bookingTime,
    isoDate,
    slots,
    chosenMinutes,
    jobQuote,
    serviceOptions,
    timeNotice,
    textsEnabled,
    addressError: formState.errors.address?.message ?? liveAreaError,
    selectDate,
    selectTime,
    onSubmit,
    isPending: createBooking.isPending,
  };
}

export type BookingFormState = ReturnType<typeof useBookingForm>;
