import { and, asc, between, eq, gt, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { blockedTimes, bookings, calendarBusy, invoices, services } from '../../db/schema';

/** Statuses a job of the agenda may have: the active ones, and the day's finished work. */
const AGENDA_STATUSES = ['pending', 'confirmed', 'rescheduling', 'completed'];

/** Bookings on the dates `from`..`to` (business clock, inclusive) that are or were work, by start then crew. */
export function listAgendaBookings(db: DbOrTx, from: string, to: string) {
  return db
    .select({
      id: bookings.id,
      bookingDate: bookings.bookingDate,
      status: bookings.status,
      holdExpiresAt: bookings.holdExpiresAt,
      startsAt: bookings.startsAt,
      durationMinutes: bookings.durationMinutes,
      twoPeople: bookings.twoPeople,
      serviceType: bookings.serviceType,
      serviceName: services.name,
      crew: bookings.crew,
      fullName: bookings.fullName,
      email: bookings.email,
      phone: bookings.phone,
      address: bookings.address,
      specialInstructions: bookings.specialInstructions,
      depositPaid: bookings.depositPaid,
      depositAmount: bookings.depositAmount,
      refundStatus: bookings.refundStatus,
      areaChecked: bookings.areaChecked,
      smsOptIn: bookings.smsOptIn,
      lines: bookings.lines,
      totalCents: bookings.totalCents,
      actualMinutes: bookings.actualMinutes,
      invoiceId: invoices.id,
      invoiceNumber: invoices.number,
      invoiceStatus: invoices.status,
      invoiceTotalCents: invoices.totalCents,
      invoiceDepositCreditCents: invoices.depositCreditCents,
      invoicePaidCents: invoices.paidCents,
    })
    .from(bookings)
    .leftJoin(services, eq(services.slug, bookings.serviceType))
    .leftJoin(invoices, eq(invoices.bookingId, bookings.id))
    .where(and(between(bookings.bookingDate, from, to), inArray(bookings.status, AGENDA_STATUSES)))
    .orderBy(asc(bookings.startsAt), asc(bookings.crew), asc(bookings.id));
}

/** The business's blocks (is_business) on the dates `from`..`to`, inclusive. */
export function listBusinessBlocks(db: DbOrTx, from: string, to: string) {
  return db
    .select({ date: blockedTimes.date, time: blockedTimes.time, endTime: blockedTimes.endTime })
    .from(blockedTimes)
    .where(and(eq(blockedTimes.isBusiness, true), between(blockedTimes.date, from, to)))
    .orderBy(asc(blockedTimes.date), asc(blockedTimes.id));
}

/** Imported busy intervals overlapping [from, to). */
export function listBusyBetween(db: DbOrTx, from: Date, to: Date) {
  return db
    .select({ startsAt: calendarBusy.startsAt, endsAt: calendarBusy.endsAt })
    .from(calendarBusy)
    .where(and(lt(calendarBusy.startsAt, to), gt(calendarBusy.endsAt, from)))
    .orderBy(asc(calendarBusy.startsAt), asc(calendarBusy.endsAt));
}
