import { format, parseISO } from 'date-fns';

/** 'yyyy-MM-dd' (a calendar date, no zone) as 'MMMM d, yyyy'. */
export function formatBookingDate(isoDate: string): string {
  const date = parseISO(isoDate);
  return Number.isNaN(date.getTime()) ? isoDate : format(date, 'MMMM d, yyyy');
}

/** 'yyyy-MM-dd' as 'EEEE, MMMM d, yyyy'. */
export function formatLongDate(isoDate: string): string {
  const date = parseISO(isoDate);
  return Number.isNaN(date.getTime()) ? isoDate : format(date, 'EEEE, MMMM d, yyyy');
}

/** A local-midnight Date as 'yyyy-MM-dd'. */
export function toIsoDate(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}
