import type { Matcher } from 'react-day-picker';
import { toIsoDate } from '../lib/dates';
import { Calendar } from './ui/calendar';

interface PickADayProps {
  selected: Date | undefined;
  onPick: (date: Date | undefined) => void;
  /** How the picked day is written under the calendar (`yyyy-MM-dd` in). */
  formatDay: (isoDate: string) => string;
  /** Today in the business zone (local midnight). */
  today: Date;
  startMonth: Date;
  endMonth?: Date;
  disabled: Matcher | Matcher[];
  /** The month shown, when the caller follows it; else it starts at `defaultMonth`. */
  month?: Date;
  onMonthChange?: (month: Date) => void;
  defaultMonth?: Date;
}

/** A compact one-day calendar that says under it which day is picked. */
export function PickADay({ selected, onPick, formatDay, ...calendar }: PickADayProps) {
  return <Calendar size="compact" mode="single" selected={selected} onSelect={onPick} footer={selected ? `Selected: ${formatDay(toIsoDate(selected))}` : 'Pick a date.'} {...calendar} />;
}
