import { serviceTypeLabel } from '../../../shared/constants';
import type { DbOrTx } from '../../db/client';
import { findServiceBySlug } from '../../schedule';
import type { BusinessFacts } from '../emails/format';
import { getSettings } from '../../settings';

/**
 * The business's name, phone and email as the owner set them in /admin, for the emails and
 * calendar files. Inside a transaction pass the transaction: it reads the row, so an email queued
 * right after a change of the settings already names the new facts.
 */
export async function businessFacts(db: DbOrTx): Promise<BusinessFacts> {
  const { name, phone, email } = (await getSettings(db)).business;
  return { name, phone, email };
}

/**
 * The booking with its service's current name: the owner may rename a service after it was
 * booked. A slug no longer in the services table keeps its built-in label.
 */
export async function withServiceName<T extends { serviceType: string }>(db: DbOrTx, booking: T): Promise<T & { serviceName: string }> {
  const service = await findServiceBySlug(db, booking.serviceType);
  return { ...booking, serviceName: service?.name ?? serviceTypeLabel(booking.serviceType) };
}

/** Both of the above, for a call site that emails about one booking. */
export async function bookingEmailFacts<T extends { serviceType: string }>(db: DbOrTx, booking: T): Promise<{ business: BusinessFacts; booking: T & { serviceName: string } }> {
  // One after the other: a transaction has one connection.
  const business = await businessFacts(db);
  return { business, booking: await withServiceName(db, booking) };
}
