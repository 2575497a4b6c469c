import { z } from 'zod';

export const calendarFeedSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  /** ISO instant of the last good fetch; null until the first. */
  lastSyncedAt: z.string().nullable(),
  eventCount: z.number(),
  /** Why the last fetch failed, in words; null when it worked. */
  lastError: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
export const calendarFeedsSchema = z.array(calendarFeedSchema);

export const addCalendarSchema = z.object({
  name: z.string({ error: 'Give the calendar a name' }).trim().min(1, 'Give the calendar a name').max(80, 'Keep the name under 80 characters'),
  url: z.string({ error: 'Paste the calendar’s secret iCal address' }).trim().min(1, 'Paste the calendar’s secret iCal address').max(2000, 'That address is too long'),
});
export type AddCalendarInput = z.infer<typeof addCalendarSchema>;
