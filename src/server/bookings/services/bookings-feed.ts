import type { DbOrTx } from '../../db/client';
import { listCalendarBookings } from '../repositories/bookings';
import { bookingsFeedIcs } from './bookings-ics';
import { businessFacts } from '../../messaging';

/** How far back the feed keeps past appointments. */
const FEED_PAST_DAYS = 30;

/** The business's subscribable calendar: confirmed and rescheduling bookings, recent and upcoming. */
export async function calendarFeed(db: DbOrTx, o: { now: Date; timeZone: string; publicUrl: string }): Promise<string> {
  const rows = await listCalendarBookings(db, new Date(o.now.getTime() - FEED_PAST_DAYS * 86_400_000));
  return bookingsFeedIcs(rows, { ...o, business: await businessFacts(db) });
}
