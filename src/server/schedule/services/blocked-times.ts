import type { Db } from '../../db/client';
import { deleteUserBlockedTime, insertBlockedTime, listUserBlockedTimes } from '../repositories/blocked-times';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import type { SessionUser } from '../../accounts';
import type { BlockedTime } from '../../../shared/schemas/dashboard';
import { daysBetween, isOnHourlyGrid, labelToMinutes, minutesToLabel, startsAt, todayInZone } from './schedule';
import { getSettings } from '../../settings';

/** The blocked-times query covers one calendar month; a little slack for the widest month view. */
export const MAX_RANGE_DAYS = 62;

export const DUPLICATE_BLOCK_MESSAGE = 'You already blocked that time.';
export const UNBLOCKED_MESSAGE = 'Time unblocked';

function byDateAndTime(a: BlockedTime, b: BlockedTime) {
  return a.date.localeCompare(b.date) || (labelToMinutes(a.time) ?? 0) - (labelToMinutes(b.time) ?? 0) || a.id - b.id;
}

/** The user's own blocks between two dates (inclusive), in date and time order. */
export async function listBlockedTimes(db: Db, userId: number, range: { startDate: string; endDate: string }): Promise<BlockedTime[]> {
  const span = daysBetween(range.startDate, range.endDate);
  if (span < 0) throw new ValidationError('The end date must not be before the start date.', { endDate: 'The end date must not be before the start date.' });
  if (span > MAX_RANGE_DAYS) throw new ValidationError(`Ask for ${MAX_RANGE_DAYS} days at most.`, { endDate: `Ask for ${MAX_RANGE_DAYS} days at most.` });
  const rows = await listUserBlockedTimes(db, userId, range.startDate, range.endDate);
  return rows.sort(byDateAndTime);
}

/**
 * Blocks one hour of the business grid for the user. An admin's block closes the slot for
 * everyone (is_business); a customer's block is only their own unavailability and never
 * closes the business calendar.
 */
export async function blockTime(
  deps: { db: Db; now: Date; timeZone: string },
  user: Pick<SessionUser, 'id' | 'role'>,
  input: { date: string; time: string },
): Promise<BlockedTime> {
  const { db, now, timeZone } = deps;
  const past = () => new ValidationError('You cannot block a time in the past.', { date: 'You cannot block a time in the past.' });
  if (daysBetween(todayInZone(now, timeZone), input.date) < 0) throw past();
  if (!isOnHourlyGrid(input.date, input.time, (await getSettings(db)).hours)) {
    throw new ValidationError('Please choose a time within business hours.', { time: 'Please choose a time within business hours.' });
  }
  if (startsAt(input.date, input.time, timeZone).getTime() <= now.getTime()) throw past();
  const endTime = minutesToLabel(labelToMinutes(input.time)! + 60);
  const created = await insertBlockedTime(db, { userId: user.id, isBusiness: user.role === 'admin', date: input.date, time: input.time, endTime });
  if (!created) throw new ConflictError(DUPLICATE_BLOCK_MESSAGE);
  return created;
}

/** Removes one of the user's own blocks; someone else's is "not found", not "forbidden". */
export async function unblockTime(db: Db, userId: number, id: number): Promise<void> {
  if (!(await deleteUserBlockedTime(db, userId, id))) throw new NotFoundError('Blocked time not found.');
}
