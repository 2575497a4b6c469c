import { DayPicker, type Matcher, type Modifiers } from 'react-day-picker';
import { BOOKING_WINDOW_DAYS } from '../../../../shared/constants';
import { formatLongDate, lastBookableDay } from '../utils/business-date';

/** Same height for the calendar and its server-rendered placeholder, so nothing shifts. */
export const CALENDAR_BOX = 'h-[372px]';

const dayButton =
  'inline-flex h-10 w-10 items-center justify-center rounded-full text-sm font-medium text-ink-900 transition-colors hover:bg-gold-100 disabled:cursor-not-allowed disabled:text-neutral-400 disabled:line-through disabled:hover:bg-transparent';

const classNames = {
  root: 'relative w-fit',
  months: 'relative',
  month: 'space-y-2',
  month_caption: 'flex h-10 items-center pl-1 pr-24',
  caption_label: 'text-base font-semibold text-ink-950',
  nav: 'absolute right-0 top-0 z-10 flex h-10 items-center gap-1',
  button_previous:
    'inline-flex h-9 w-9 items-center justify-center rounded-md border border-neutral-300 bg-white text-ink-900 hover:bg-gold-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-40',
  button_next:
    'inline-flex h-9 w-9 items-center justify-center rounded-md border border-neutral-300 bg-white text-ink-900 hover:bg-gold-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-40',
  chevron: 'h-4 w-4 fill-current',
  month_grid: 'border-collapse',
  weekdays: '',
  weekday: 'h-8 w-11 text-center text-xs font-semibold uppercase tracking-wide text-neutral-600',
  week: '',
  day: 'h-11 w-11 p-0.5 text-center align-middle',
  day_button: dayButton,
  selected: '[&>button]:bg-ink-950 [&>button]:text-gold-300 [&>button]:hover:bg-ink-900',
  today: '[&>button]:ring-2 [&>button]:ring-gold-500',
  disabled: '',
  outside: 'invisible',
  hidden: 'invisible',
  focused: '',
  footer: 'mt-2 text-sm text-neutral-700',
};

/**
 * "Tuesday, June 16, 2026": the default "June 16th" hides the visible "16" inside "16th", and
 * speech input users say the number they see.
 */
function labelDayButton(date: Date, modifiers: Modifiers): string {
  let label = formatLongDate(date);
  if (modifiers.today) label = `Today, ${label}`;
  if (modifiers.selected) label = `${label}, selected`;
  return label;
}

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
      <DayPicker
        mode="single"
        required
        selected={selected}
        onSelect={onSelect}
        weekStartsOn={0}
        today={today}
        defaultMonth={selected ?? today}
        startMonth={today}
        endMonth={last}
        disabled={disabled}
        fixedWeeks
        classNames={classNames}
        labels={{ labelDayButton }}
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
