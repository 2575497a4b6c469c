import { addCalendarDays } from '../../../lib/dates';

/** The last bookable day: today plus the booking window (today is day 0). */
export function lastBookableDay(today: Date, windowDays: number): Date {
  return addCalendarDays(today, windowDays);
}
