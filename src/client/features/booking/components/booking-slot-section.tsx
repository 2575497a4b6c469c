import { describedBy, FieldError } from '../../../components/form-field';
import { useBusinessToday } from '../../../lib/use-business-today';
import type { BookingFormState } from '../hooks/use-booking-form';
import BookingCalendar from './booking-calendar';
import { CalendarPlaceholder } from './calendar-placeholder';
import { JobTooLongNotice } from './job-too-long';
import { TitledSection } from './titled-section';
import { TimeSlotGrid } from './time-slot-grid';

/** `jobQuote` on /book (a job picked from the price list may be too long to book); a quote's job never is. */
type SlotSectionProps = Pick<BookingFormState, 'ids' | 'form' | 'serviceType' | 'bookingDate' | 'bookingTime' | 'isoDate' | 'slots' | 'timeNotice' | 'selectDate' | 'selectTime'> &
  Partial<Pick<BookingFormState, 'jobQuote'>>;

/**
 * "Date and Time": the calendar, then the chosen day's starts for the chosen service, or for the
 * job picked from its price list (none for a job longer than a visit).
 */
export function BookingSlotSection({ ids, form, serviceType, bookingDate, bookingTime, isoDate, slots, timeNotice, selectDate, selectTime, jobQuote }: SlotSectionProps) {
  const tooLong = jobQuote?.job?.isTooLong ? jobQuote.job.quote.minutes : null;
  const today = useBusinessToday({ afterMount: true })?.date ?? null;
  const errors = form.formState.errors;
  return (
    <TitledSection id={`${ids.uid}-when-title`} title="Date and Time" className="space-y-4">
      <div className="grid gap-6 lg:grid-cols-[auto_1fr]">
        <div>
          <p id={ids.dateLabel} className="mb-2 text-sm font-semibold text-ink-900">
            Select a Date
          </p>
          {today ? (
            <BookingCalendar
              today={today}
              selected={bookingDate}
              onSelect={selectDate}
              labelledBy={ids.dateLabel}
              describedBy={describedBy(ids.date, { hint: true, error: errors.bookingDate?.message })}
            />
          ) : (
            <CalendarPlaceholder />
          )}
          <p id={`${ids.date}-hint`} className="mt-2 text-sm text-neutral-600">
            Closed on Sundays. Book up to 90 days ahead.
          </p>
          <FieldError id={`${ids.date}-error`} message={errors.bookingDate?.message} look="roomy" />
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
          {tooLong !== null ? (
            <JobTooLongNotice minutes={tooLong} />
          ) : isoDate ? (
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
          <FieldError id={`${ids.time}-error`} message={errors.bookingTime?.message} look="roomy" />
          <p role="status" className={timeNotice ? 'mt-2 rounded-md border border-gold-300 bg-gold-50 p-3 text-sm text-ink-900' : 'sr-only'}>
            {timeNotice}
          </p>
        </div>
      </div>
    </TitledSection>
  );
}
