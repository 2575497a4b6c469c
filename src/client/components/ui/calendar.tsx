import { DayPicker, type DayPickerProps, type Modifiers } from 'react-day-picker';
import { formatLongDate } from '../../../shared/business-time';

const NAV_BUTTON =
  'inline-flex h-9 w-9 items-center justify-center rounded-md border border-neutral-300 bg-white text-ink-900 hover:bg-gold-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-40';

const SIZES = {
  /** Fixed 44 px cells: the booking page keeps a placeholder of the same height before mount. */
  regular: {
    weekday: 'h-8 w-11',
    day: 'h-11 w-11',
    dayButton: 'h-10 w-10',
  },
  /** A little smaller on phones, for a calendar that shares its card with other controls. */
  compact: {
    weekday: 'h-8 w-10 sm:w-11',
    day: 'h-10 w-10 sm:h-11 sm:w-11',
    dayButton: 'h-9 w-9 sm:h-10 sm:w-10',
  },
} as const;

function classNamesFor(size: keyof typeof SIZES) {
  const s = SIZES[size];
  return {
    root: 'relative w-fit',
    months: 'relative',
    month: 'space-y-2',
    month_caption: 'flex h-10 items-center pl-1 pr-24',
    caption_label: 'text-base font-semibold text-ink-950',
    nav: 'absolute right-0 top-0 z-10 flex h-10 items-center gap-1',
    button_previous: NAV_BUTTON,
    button_next: NAV_BUTTON,
    chevron: 'h-4 w-4 fill-current',
    month_grid: 'border-collapse',
    weekdays: '',
    weekday: `${s.weekday} text-center text-xs font-semibold uppercase tracking-wide text-neutral-600`,
    week: '',
    day: `${s.day} p-0.5 text-center align-middle`,
    day_button: `inline-flex ${s.dayButton} items-center justify-center rounded-full text-sm font-medium text-ink-900 hover:bg-gold-100 disabled:cursor-not-allowed disabled:text-neutral-500 disabled:line-through disabled:hover:bg-transparent`,
    selected: '[&>button]:bg-ink-950 [&>button]:text-gold-300 [&>button]:hover:bg-ink-900',
    today: '[&>button]:ring-2 [&>button]:ring-gold-500',
    disabled: '',
    outside: 'invisible',
    hidden: 'invisible',
    focused: '',
    footer: 'mt-2 text-sm text-neutral-700',
  };
}

const CLASS_NAMES = { regular: classNamesFor('regular'), compact: classNamesFor('compact') };

/**
 * "Tuesday, June 16, 2026": the default "June 16th" hides the visible "16" inside "16th" (axe's
 * label-in-name), and speech-input users say the number they see.
 */
export function labelDayButton(date: Date, modifiers: Modifiers): string {
  let label = formatLongDate(date);
  if (modifiers.today) label = `Today, ${label}`;
  if (modifiers.selected) label = `${label}, selected`;
  return label;
}

/** react-day-picker in the brand's style: weeks start on Sunday, one month at a time, fixed weeks. */
export function Calendar({ size = 'regular', ...props }: DayPickerProps & { size?: keyof typeof SIZES }) {
  return <DayPicker weekStartsOn={0} fixedWeeks classNames={CLASS_NAMES[size]} labels={{ labelDayButton }} {...props} />;
}
