import type { Matcher } from 'react-day-picker';
import { Calendar } from '../../../components/ui/calendar';
import { CALENDAR_BOX } from './calendar-placeholder';
import { BOOKING_WINDOW_DAYS } from '../../../../shared/constants';
import { formatLongDate } from '../../../../shared/business-time';
import { lastBookableDay } from '../utils/business-date';


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
export default function BookingCalendar({ today, selected, onSelect, labelledBy, describedBy }: BookingCalendarProps) {
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
