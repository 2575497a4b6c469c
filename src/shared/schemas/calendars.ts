import { z } from 'zod';
import { instantSchema, textField } from './fields';

export const calendarFeedSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  /** ISO instant of the last good fetch; null until the first. */
  lastSyncedAt: instantSchema.nullable(),
  eventCount: z.number(),
  /** Why the last fetch failed, in words; null when it worked. */
  lastError: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
export const calendarFeedsSchema = z.array(calendarFeedSchema);

export const addCalendarSchema = z.object({
  name: textField(1, 80, { required: 'Give the calendar a name', long: 'Keep the name under 80 characters' }),
  url: textField(1, 2000, { required: 'Paste the calendar’s secret iCal address', long: 'That address is too long' }),
});
export type AddCalendarInput = z.infer<typeof addCalendarSchema>;
