import type { Matcher } from 'react-day-picker';
import { Calendar } from '../../../components/ui/calendar';
import { BOOKING_WINDOW_DAYS } from '../../../../shared/constants';
import { formatLongDate, lastBookableDay } from '../utils/business-date';

/** Same height for the calendar and its server-rendered placeholder, so nothing shifts. */
export const CALENDAR_BOX = 'h-[372px]';

interface BookingCalendarProps {
  /** Today in the business's zone, as a local-midnight date. */
  today: Date;
  selected: Date | undefined;
  onSelect: (date: Date) => void;
  labelledBy: string;
  describedBy?: string;
}

/**
 * One month at a time, weeks starting on Sunday. Past days, Sundays (closed) and days beyond the
 * booking window cannot be picked. DayPicker provides the arrow-key grid navigation.
 */
export function BookingCalendar({ today, selected, onSelect, labelledBy, describedBy }: BookingCalendarProps) {
  const last = lastBookableDay(today, BOOKING_WINDOW_DAYS);
  const disabled: Matcher[] = [{ before: today }, { after: last }, { dayOfWeek: [0] }];
  return (
    <div role="group" aria-labelledby={labelledBy} aria-describedby={describedBy} className={CALENDAR_BOX}>
      <Calendar
        mode="single"
        required
        selected={selected}
        onSelect={onSelect}
        today={today}
        defaultMonth={selected ?? today}
        startMonth={today}
        endMonth={last}
        disabled={disabled}
        footer={selected ? `Selected: ${formatLongDate(selected)}` : 'Pick a date.'}
      />
    </div>
  );
}

/** What the prerendered HTML shows where the calendar will be (no dates before mount). */
export function CalendarPlaceholder() {
  return (
    <div className={`${CALENDAR_BOX} flex w-full max-w-[308px] items-center justify-center rounded-lg border border-dashed border-neutral-300 bg-neutral-50`} aria-hidden="true">
      <span className="text-sm text-neutral-500">Loading calendar…</span>
    </div>
  );
}
