import { addDays, format, parseISO } from 'date-fns';
import { clockLabel } from '../../../../shared/business-time';
import { formatCents } from '../../../../shared/money';
import type { AgendaDay, AgendaJob, AgendaTime } from '../../../../shared/schemas/admin-agenda';

/** 'yyyy-MM-dd' plus `days` calendar days. */
export function shiftDate(isoDate: string, days: number): string {
  return format(addDays(parseISO(isoDate), days), 'yyyy-MM-dd');
}

/** The Monday on or before a 'yyyy-MM-dd' date: where a week of the Week view starts. */
export function mondayOf(isoDate: string): string {
  const weekday = parseISO(isoDate).getDay();
  return shiftDate(isoDate, -((weekday + 6) % 7));
}

/** 'Open 8:00 AM to 6:00 PM', 'Closed (closed date)' or 'Closed on this weekday'. */
export function dayHoursLabel(day: Pick<AgendaDay, 'hours' | 'closed'>): string {
  if (day.closed === 'closed_date') return 'Closed date';
  if (day.closed || !day.hours) return 'Closed on this weekday';
  return `Open ${clockLabel(day.hours.open)} to ${clockLabel(day.hours.close)}`;
}

/** The day's hours without the word "Open", for a narrow column: '8:00 AM to 6:00 PM', 'Closed'. */
export function shortHoursLabel(day: Pick<AgendaDay, 'hours' | 'closed'>): string {
  if (day.closed === 'closed_date') return 'Closed date';
  if (day.closed || !day.hours) return 'Closed';
  return `${clockLabel(day.hours.open)} to ${clockLabel(day.hours.close)}`;
}

/** A stretch of the day in words: '11:00 AM to 12:00 PM', 'Until 2:00 AM', 'From 10:00 PM', 'All day'. */
export function timeRangeLabel(time: AgendaTime): string {
  if (time.startTime && time.endTime) return `${time.startTime} to ${time.endTime}`;
  if (time.endTime) return `Until ${time.endTime}`;
  if (time.startTime) return `From ${time.startTime}`;
  return 'All day';
}

/** The deposit of a job in a few words for the owner. */
export function agendaDepositLabel(deposit: AgendaJob['deposit']): string {
  switch (deposit.state) {
    case 'paid':
      return `Deposit ${formatCents(deposit.amount)} paid`;
    case 'unpaid':
      return 'Deposit not paid';
    case 'refund_pending':
      return 'Deposit refund pending';
    case 'refunded':
      return `Deposit ${formatCents(deposit.amount)} refunded`;
    case 'refund_failed':
      return 'Deposit refund failed';
    case 'kept':
      return `Deposit ${formatCents(deposit.amount)} kept`;
  }
}
