import { useEffect, useState, type FormEvent } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { SERVICE_TYPES, serviceTypeLabel } from '../../../../shared/constants';
import type { CreateBookingInput } from '../../../../shared/schemas/booking';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api';
import { useFormPost } from '../../../lib/form-post';
import { useActiveServices } from '../../../lib/services';
import { useTimeSlots } from '../api/get-time-slots';
import type { BookingFormInput, BookingFormValues } from '../utils/booking-form-schema';
import { jobTooLongText, timeClearedNotice } from '../utils/job-length';
import { slotsJobOf, type JobSummary } from '../utils/job-quote';
import { useBookingStep } from './use-booking-step';
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

/**
 * The chosen service. One chosen in the server's HTML before the page ran is read at mount:
 * react-hook-form takes the field's value when it registers it but tells no watcher (the value did
 * not change for it), so the items, the job's length and the times would not follow the choice.
 */
function useChosenService(form: UseFormReturn<BookingFormInput, unknown, BookingFormValues>) {
  const watched = useWatch({ control: form.control, name: 'serviceType' });
  const [chosenEarly, setChosenEarly] = useState<string>();
  useEffect(() => {
    setChosenEarly(form.getValues('serviceType') || undefined);
  }, [form]);
  // Until the field changes, watched is its default (none): the early choice stands.
  return watched ?? chosenEarly;
}

/** Codes of a refused booking that may come from a price list changed since it was read. */
const LIST_MAY_HAVE_CHANGED = ['JOB_DOES_NOT_FIT', 'VALIDATION_ERROR'];

/**
 * Step 1's state and submission: the chosen service and the items picked from its price list, the
 * day and time (a time the service, the job or a new day no longer offers is cleared, with a note
 * why), the service-area check, and the pending booking created (a 409 asks for another time).
 */
export function useBookingForm({ onCreated, onServiceChosen }: { onCreated: (booking: CreatedBooking) => void; onServiceChosen: (chosen: boolean) => void }) {
  // Posted before the page could run (a slow phone): the server answers with this page, what was typed kept.
  const post = useFormPost('book');
  // The fields the server renders are not given defaults: they keep what was typed into the
  // server's HTML before the page could run (react-hook-form reads them when it registers them).
  const step = useBookingStep({ bookingTime: '', smsOptIn: false });
  const { ids, form, bookingDate, bookingTime, isoDate, timeNotice, clearTime } = step;
  const serviceType = useChosenService(form);
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

  const slotTimes = slots.isSuccess ? slots.data : null;
  const isTooLong = job?.isTooLong === true;
  useEffect(() => {
    // A new service or job (or fresh times) may no longer offer the chosen time: clear it and say
    // why. A job too long to book online has no times at all (the picker says so).
    if (!bookingTime) return;
    if (isTooLong) clearTime('');
    else if (slotTimes && !slotTimes.some((s) => s.slotTime === bookingTime)) clearTime(timeClearedNotice(bookingTime, serviceType ? serviceTypeLabel(serviceType) : null, timesForMinutes));
  }, [slotTimes, bookingTime, isTooLong, serviceType, timesForMinutes, clearTime]);

  useEffect(() => {
    onServiceChosen(Boolean(serviceType));
  }, [serviceType, onServiceChosen]);

  const submit = form.handleSubmit(onValid, step.onInvalid);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!isTooLong || !job) return submit(event);
    // No times are offered for it: say why instead of asking for one.
    event.preventDefault();
    toast({ title: 'Booking Error', description: jobTooLongText(job.quote.minutes), variant: 'destructive' });
    document.getElementById(ids.jobTooLong)?.scrollIntoView({ block: 'center' });
  }

  function onValid(values: BookingFormValues) {
    const details = step.detailsOf(values);
    if (!details) return;
    const input: CreateBookingInput = { serviceType: values.serviceType, ...details, ...(job ? { items: job.items } : {}) };
    // The booking's own answer is the price: the list may have changed since it was read.
    const isFrom = job?.isFrom === true;
    step.createBooking.mutate(input, {
      onSuccess: (booking) => {
        const serviceName = serviceOptions.find((o) => o.value === values.serviceType)?.label ?? values.serviceType;
        const bookedJob = booking.lines?.length ? { lines: booking.lines, totalCents: booking.totalCents ?? 0, isFrom } : undefined;
        const minutes = job?.bookedMinutes ?? jobMinutes(values.serviceType) ?? 60;
        step.booked(input, booking.id, { name: serviceName, minutes, summary: bookedJob });
        onCreated({ id: booking.id, serviceType: values.serviceType, date: values.bookingDate, time: values.bookingTime, address: values.address, job: bookedJob });
      },
      onError: (error) => {
        if (input.items && error instanceof ApiError && error.code && LIST_MAY_HAVE_CHANGED.includes(error.code)) jobQuote.refreshList();
        step.refused(error, input);
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
    textsEnabled: step.textsEnabled,
    addressError: step.addressError,
    selectDate: step.selectDate,
    selectTime: step.selectTime,
    onSubmit,
    isPending: step.createBooking.isPending,
  };
}

export type BookingFormState = ReturnType<typeof useBookingForm>;
