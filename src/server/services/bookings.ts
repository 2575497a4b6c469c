import { DEPOSIT_CENTS, HOLD_MINUTES } from '../../shared/constants';
import type { CreateBookingInput } from '../../shared/schemas/booking';
import type { Db, DbOrTx } from '../db/client';
import { getDayAvailabilityRows, listUserBlocksOnDate } from '../db/repositories/availability';
import { insertBooking, isUniqueViolation, releaseExpiredHolds, type BookingRow } from '../db/repositories/bookings';
import { ConflictError, ValidationError } from '../errors';
import { availableSlots, checkSlot, startsAt, type AvailabilityInput, type Slot } from './availability';

export const SLOT_TAKEN_MESSAGE = 'Sorry, that time was just booked. Please choose another time.';
export const SLOT_UNAVAILABLE_MESSAGE = 'That time is no longer available. Please choose another time.';

async function dayInput(db: DbOrTx, date: string, now: Date, timeZone: string): Promise<AvailabilityInput> {
  const rows = await getDayAvailabilityRows(db, date);
  return { date, now, timeZone, ...rows };
}

/**
 * The bookable slots of `date`. With `viewerUserId`, that customer's own blocked times are left
 * out too (they only hide times from that customer's own view).
 */
export async function getAvailableSlots(db: DbOrTx, p: { date: string; now: Date; timeZone: string; viewerUserId?: number | null }): Promise<Slot[]> {
  const input = await dayInput(db, p.date, p.now, p.timeZone);
  if (p.viewerUserId) input.viewerBlocks = await listUserBlocksOnDate(db, p.viewerUserId, p.date);
  return availableSlots(input);
}

/**
 * Creates a pending booking holding its slot for HOLD_MINUTES. The database's unique index on
 * active bookings per slot decides between concurrent requests: exactly one wins, the others get
 * 409 SLOT_TAKEN. Amounts sent by the client are ignored: the deposit is DEPOSIT_CENTS.
 */
export async function createBooking(
  db: Db,
  input: CreateBookingInput,
  p: { userId: number | null; now: Date; timeZone: string; payTokenHash?: string | null },
): Promise<BookingRow> {
  const { now, timeZone } = p;
  return db.transaction(async (tx) => {
    await releaseExpiredHolds(tx, now, { date: input.bookingDate, time: input.bookingTime });
    const check = checkSlot(await dayInput(tx, input.bookingDate, now, timeZone), input.bookingTime);
    if (check === 'off_grid') {
      throw new ValidationError('Please select a time slot', { bookingTime: 'Please select a time slot' });
    }
    if (check === 'held') throw new ConflictError(SLOT_TAKEN_MESSAGE, 'SLOT_TAKEN');
    if (check !== 'available') throw new ConflictError(SLOT_UNAVAILABLE_MESSAGE, 'SLOT_UNAVAILABLE');
    try {
      return await insertBooking(tx, {
        serviceType: input.serviceType,
        bookingDate: input.bookingDate,
        bookingTime: input.bookingTime,
        startsAt: startsAt(input.bookingDate, input.bookingTime, timeZone),
        fullName: input.fullName,
        email: input.email,
        phone: input.phone,
        address: input.address,
        specialInstructions: input.specialInstructions?.trim() ? input.specialInstructions.trim() : null,
        depositAmount: DEPOSIT_CENTS,
        userId: p.userId,
        payTokenHash: p.payTokenHash ?? null,
        status: 'pending',
        holdExpiresAt: new Date(now.getTime() + HOLD_MINUTES * 60_000),
        createdAt: now,
        updatedAt: now,
      });
    } catch (err) {
      if (isUniqueViolation(err, 'bookings_active_slot_key')) throw new ConflictError(SLOT_TAKEN_MESSAGE, 'SLOT_TAKEN');
      throw err;
    }
  });
}

type BookingResponseFields = 'id' | 'serviceType' | 'bookingDate' | 'bookingTime' | 'fullName' | 'email' | 'phone' | 'address' | 'specialInstructions' | 'depositPaid' | 'depositAmount' | 'status' | 'createdAt';

/** The booking as the API returns it (bookingSchema). */
export function toBookingResponse(b: Pick<BookingRow, BookingResponseFields>) {
  return {
    id: b.id,
    serviceType: b.serviceType,
    bookingDate: b.bookingDate,
    bookingTime: b.bookingTime,
    fullName: b.fullName,
    email: b.email,
    phone: b.phone,
    address: b.address,
    specialInstructions: b.specialInstructions,
    depositPaid: b.depositPaid,
    depositAmount: b.depositAmount,
    status: b.status,
    createdAt: b.createdAt.toISOString(),
  };
}
