/** Reminders go out this long before the appointment. */
export const REMINDER_HOURS = 24;

/**
 * Whether a booking gets the reminder email: only one made 24 hours or more before it starts
 * (a later booking is already inside the reminder's window; its confirmation says none follows).
 */
export function getsReminder(b: { startsAt: Date; createdAt: Date }): boolean {
  return b.startsAt.getTime() - b.createdAt.getTime() >= REMINDER_HOURS * 3_600_000;
}
