import { useEffect, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_BUSINESS_TZ, DEPOSIT_AMOUNT } from '../../../../shared/constants';
import { bookedJobMinutes } from '../../../../shared/job-length';
import { timeSlotsSchema, type CreateBookingInput } from '../../../../shared/schemas/booking';
import type { PublicQuote } from '../../../../shared/schemas/estimates';
import { checkServiceArea } from '../../../../shared/service-area';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage, getJson } from '../../../lib/api';
import { toIsoDate } from '../../../lib/dates';
import { onlyFields, setServerErrors } from '../../../lib/form-errors';
import { useSiteConfig } from '../../../lib/site-config';
import { bookingKeys } from '../api/booking-keys';
import { useCreateBooking } from '../api/create-booking';
import { bookingFormSchema, type BookingFormInput, type BookingFormValues } from '../utils/booking-form-schema';
import { saveBookingForCalendar, wallClockToUtc } from '../utils/calendar-handoff';
import { jobLengthText } from '../utils/job-length';
import { useBookingFormIds, type CreatedBooking } from './use-booking-form';

/** The service a quote is booked under when its lines are not of one service (as the server files it). */
export const QUOTED_SERVICE_TYPE = 'custom-project';
const MISSING_SLOT = 'Please select a date and time slot for your booking';
const FORM_FIELDS = ['bookingDate', 'bookingTime', 'fullName', 'phone', 'email', 'address', 'specialInstructions'] as const;

/** The starts of one day where the quoted job fits: its booked length (quarter hours) and crew need. */
function useQuoteSlots(isoDate: string | null, quote: PublicQuote, serviceType: string) {
  const url = `${bookingKeys.slots(isoDate ?? '', serviceType)[0]}&minutes=${bookedJobMinutes(quote.minutes)}&twoPeople=${quote.twoPeople}`;
  return useQuery({ queryKey: [url], queryFn: () => getJson(url, timeSlotsSchema), enabled: isoDate !== null });
}

/**
 * "Approve and book": the booking form's state for an owner's quote. The job is the quote's (the
 * server books it by `quoteToken`); the visitor picks a day and one of the starts where it fits,
 * then says who and where, and gets the usual deposit step.
 */
export function useQuoteBookingForm({ token, quote, onCreated }: { token: string; quote: PublicQuote; onCreated: (booking: CreatedBooking) => void }) {
  const ids = useBookingFormIds();
  const config = useSiteConfig();
  const queryClient = useQueryClient();
  const createBooking = useCreateBooking();
  const serviceType = quote.serviceType ?? QUOTED_SERVICE_TYPE;
  // serviceType only satisfies the form's schema: the server takes the quote's job by its token.
  const form = useForm<BookingFormInput, unknown, BookingFormValues>({ resolver: zodResolver(bookingFormSchema), defaultValues: { serviceType, bookingTime: '', smsOptIn: false } });
  const { setValue, setError, formState, control } = form;
  const [bookingDate, bookingTime, address] = useWatch({ control, name: ['bookingDate', 'bookingTime', 'address'] });
  const isoDate = bookingDate ? toIsoDate(bookingDate) : null;
  const slots = useQuoteSlots(isoDate, quote, serviceType);
  const [timeNotice, setTimeNotice] = useState('');

  const textsEnabled = config.data?.texts.enabled === true;
  const area = config.data ? { serviceZips: config.data.schedule.serviceZips, phone: config.data.business.phone } : null;
  const areaCheck = area ? checkServiceArea(address ?? '', area) : null;
  const liveAreaError = areaCheck && !areaCheck.ok && /\D/.test((address ?? '').trim()) ? areaCheck.message : undefined;

  const slotTimes = slots.isSuccess ? slots.data : null;
  useEffect(() => {
    // Fresh times (after a conflict) may no longer offer the chosen one: clear it and say why.
    if (!slotTimes || !bookingTime || slotTimes.some((s) => s.slotTime === bookingTime)) return;
    setValue('bookingTime', '', { shouldValidate: formState.isSubmitted });
    setTimeNotice(`${bookingTime} doesn't fit your job (${jobLengthText(quote.minutes)}) that day. Please pick another time.`);
  }, [slotTimes, bookingTime, quote.minutes, setValue, formState.isSubmitted]);

  function selectDate(date: Date) {
    const revalidate = formState.isSubmitted;
    setValue('bookingDate', date, { shouldValidate: revalidate });
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

  function onValid(values: BookingFormValues) {
    const inArea = area ? checkServiceArea(values.address, area) : null;
    if (inArea && !inArea.ok) {
      setError('address', { message: inArea.message }, { shouldFocus: true });
      return;
    }
    const input: CreateBookingInput = {
      quoteToken: token,
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
        const business = config.data?.business;
        const start = wallClockToUtc(input.bookingDate, input.bookingTime, business?.timeZone ?? DEFAULT_BUSINESS_TZ);
        saveBookingForCalendar({
          id: booking.id,
          title: business ? `Your job with ${business.name}` : 'Your job',
          startsAt: start.toISOString(),
          endsAt: new Date(start.getTime() + bookedJobMinutes(quote.minutes) * 60_000).toISOString(),
          details: business ? `Booking #${booking.id}. Questions or changes: ${business.phone}` : `Booking #${booking.id}`,
          location: input.address,
        });
        onCreated({ id: booking.id, serviceType: booking.serviceType, date: values.bookingDate, time: values.bookingTime, address: values.address });
      },
      onError: (error) => {
        const message = errorMessage(error, 'Failed to create booking');
        toast({ title: 'Booking Error', description: message, variant: 'destructive' });
        if (!(error instanceof ApiError)) return;
        if (error.status === 409 && error.code !== 'QUOTE_USED') {
          // Someone else took the time meanwhile: show fresh times, ask for another.
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
    post: null,
    serviceType,
    bookingDate,
    bookingTime,
    isoDate,
    slots,
    timeNotice,
    textsEnabled,
    addressError: formState.errors.address?.message ?? liveAreaError,
    selectDate,
    selectTime,
    onSubmit: form.handleSubmit(onValid, onInvalid),
    isPending: createBooking.isPending,
  };
}
