import { useCallback, useId, useState } from 'react';
import { useForm, useWatch, type DefaultValues, type FieldErrors, type Resolver } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_BUSINESS_TZ, DEPOSIT_AMOUNT } from '../../../../shared/constants';
import type { CreateBookingInput } from '../../../../shared/schemas/booking';
import { checkServiceArea } from '../../../../shared/service-area';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api';
import { toIsoDate } from '../../../lib/dates';
import { onlyFields, setServerErrors } from '../../../lib/form-errors';
import { useSiteConfig } from '../../../lib/site-config';
import { bookingKeys } from '../api/booking-keys';
import { useCreateBooking } from '../api/create-booking';
import type { BookingFormInput, BookingFormValues } from '../utils/booking-form-schema';
import { saveBookingForCalendar, wallClockToUtc } from '../utils/calendar-handoff';
import type { JobSummary } from '../utils/job-quote';

const MISSING_SLOT = 'Please select a date and time slot for your booking';
const FORM_FIELDS = ['serviceType', 'bookingDate', 'bookingTime', 'fullName', 'phone', 'email', 'address', 'specialInstructions'] as const;

/**
 * The form's checks, loaded with zod on the first check (a submit, or a field checked again
 * after one): /book wakes without them (decision 0026).
 */
const checkBookingForm: Resolver<BookingFormInput, unknown, BookingFormValues> = async (values, context, options) => {
  const { bookingFormResolver } = await import('../utils/booking-form-resolver');
  return bookingFormResolver(values, context, options);
};

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

/** The booking's payload but its job: the day, the time, who and where, the spec's amounts. */
export type BookingDetails = Omit<CreateBookingInput, 'serviceType' | 'quoteToken' | 'items'>;

/**
 * What step 1 of /book and of a quote's booking share: the form and its ids, the chosen day and
 * time (with the status line saying why a time was cleared), the service-area check as the address
 * is typed and before anything is sent, the booking's details as the API takes them, and what a
 * refusal does (a 409 shows fresh times and asks for another; other messages go under their fields).
 */
export function useBookingStep(defaultValues: DefaultValues<BookingFormInput>) {
  const ids = useBookingFormIds();
  const config = useSiteConfig();
  const queryClient = useQueryClient();
  const createBooking = useCreateBooking();
  const form = useForm<BookingFormInput, unknown, BookingFormValues>({ resolver: checkBookingForm, defaultValues });
  const { setValue, setError, formState, control } = form;
  const [bookingDate, bookingTime, address] = useWatch({ control, name: ['bookingDate', 'bookingTime', 'address'] });
  const isoDate = bookingDate ? toIsoDate(bookingDate) : null;
  // Why the chosen time was cleared (a polite status line under the times, not a notice).
  const [timeNotice, setTimeNotice] = useState('');

  const textsEnabled = config.data?.texts.enabled === true;
  const area = config.data ? { serviceZips: config.data.schedule.serviceZips, phone: config.data.business.phone } : null;
  const areaCheck = area ? checkServiceArea(address ?? '', area) : null;
  const outOfArea = areaCheck && !areaCheck.ok ? areaCheck.message : undefined;
  // Shown while typing, once the address holds more than the ZIP itself (a house number being
  // typed is no ZIP yet); on submit it always counts.
  const liveAreaError = outOfArea && /\D/.test((address ?? '').trim()) ? outOfArea : undefined;

  const isSubmitted = formState.isSubmitted;
  /** Clears the chosen time (the times offered changed under it), saying why. */
  const clearTime = useCallback(
    (notice: string) => {
      setValue('bookingTime', '', { shouldValidate: isSubmitted });
      setTimeNotice(notice);
    },
    [setValue, isSubmitted],
  );

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
    if (invalid.bookingDate || invalid.bookingTime) toast({ title: 'Booking Error', description: MISSING_SLOT, variant: 'destructive' });
  }

  /**
   * The booking's details from the form, or null when the address is outside the service area:
   * refused here, before any hold or payment (the server says the same), its message under it.
   */
  function detailsOf(values: BookingFormValues): BookingDetails | null {
    const inArea = area ? checkServiceArea(values.address, area) : null;
    if (inArea && !inArea.ok) {
      setError('address', { message: inArea.message }, { shouldFocus: true });
      return null;
    }
    return {
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
  }

  /** After a booking: that day's times are read again, and "Add to calendar" on the confirmation page gets the job. */
  function booked(input: BookingDetails, id: number, job: { name: string; minutes: number; summary?: JobSummary }) {
    void queryClient.invalidateQueries({ predicate: bookingKeys.slotsOfDay(input.bookingDate) });
    const business = config.data?.business;
    const start = wallClockToUtc(input.bookingDate, input.bookingTime, business?.timeZone ?? DEFAULT_BUSINESS_TZ);
    // The confirmation page makes no call of its own.
    saveBookingForCalendar({
      job: job.summary,
      id,
      title: business ? `${job.name} with ${business.name}` : job.name,
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + job.minutes * 60_000).toISOString(),
      details: business ? `Booking #${id}. Questions or changes: ${business.phone}` : `Booking #${id}`,
      location: input.address,
    });
  }

  /** A refused booking: its message in a toast; a 409 (`isConflict`) asks for another time from fresh ones. */
  function refused(error: unknown, input: BookingDetails, isConflict = (e: ApiError) => e.status === 409) {
    const message = errorMessage(error, 'Failed to create booking');
    toast({ title: 'Booking Error', description: message, variant: 'destructive' });
    if (!(error instanceof ApiError)) return;
    if (isConflict(error)) {
      // Someone else took the time (or it closed) meanwhile: show fresh times, ask for another.
      void queryClient.invalidateQueries({ predicate: bookingKeys.slotsOfDay(input.bookingDate) });
      setValue('bookingTime', '');
      setTimeNotice('');
      setError('bookingTime', { message });
      document.getElementById(ids.timeLabel)?.scrollIntoView({ block: 'center' });
    } else {
      setServerErrors(error, setError, onlyFields(FORM_FIELDS));
    }
  }

  return {
    ids,
    form,
    bookingDate,
    bookingTime,
    isoDate,
    timeNotice,
    textsEnabled,
    addressError: formState.errors.address?.message ?? liveAreaError,
    createBooking,
    clearTime,
    selectDate,
    selectTime,
    onInvalid,
    detailsOf,
    booked,
    refused,
  };
}
