import { and, asc, desc, eq, gte, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, contactSubmissions, emailOutbox, galleryItems } from '../../db/schema';

/** The columns the business sees of a booking (plus what its actions need). */
const adminBookingColumns = {
  id: bookings.id,
  serviceType: bookings.serviceType,
  bookingDate: bookings.bookingDate,
  bookingTime: bookings.bookingTime,
  startsAt: bookings.startsAt,
  fullName: bookings.fullName,
  email: bookings.email,
  phone: bookings.phone,
  address: bookings.address,
  specialInstructions: bookings.specialInstructions,
  status: bookings.status,
  depositPaid: bookings.depositPaid,
  depositAmount: bookings.depositAmount,
  stripePaymentIntentId: bookings.stripePaymentIntentId,
  refundStatus: bookings.refundStatus,
  cancelReason: bookings.cancelReason,
  crew: bookings.crew,
  durationMinutes: bookings.durationMinutes,
  bufferMinutes: bookings.bufferMinutes,
  areaChecked: bookings.areaChecked,
  createdAt: bookings.createdAt,
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Bookings matching the owner's filters, in appointment order. */
export function listAdminBookings(db: DbOrTx, filters: { status?: string; from?: string; to?: string; q?: string; limit: number }) {
  const where: SQL[] = [];
  if (filters.status) where.push(eq(bookings.status, filters.status));
  if (filters.from) where.push(gte(bookings.bookingDate, filters.from));
  if (filters.to) where.push(lte(bookings.bookingDate, filters.to));
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q)}%`;
    const text = [
      ilike(bookings.fullName, pattern),
      ilike(bookings.email, pattern),
      ilike(bookings.phone, pattern),
      ilike(bookings.address, pattern),
      ilike(bookings.serviceType, pattern),
    ];
    const asId = /^#?\d{1,9}$/.test(filters.q) ? Number(filters.q.replace('#', '')) : null;
    where.push(or(...text, ...(asId !== null ? [eq(bookings.id, asId)] : []))!);
  }
  return db
    .select(adminBookingColumns)
    .from(bookings)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(bookings.startsAt), asc(bookings.id))
    .limit(filters.limit);
}

export async function findAdminBooking(db: DbOrTx, id: number) {
  const rows = await db.select(adminBookingColumns).from(bookings).where(eq(bookings.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The booking, locked until the transaction ends, so two admin actions cannot interleave. */
export async function lockAdminBooking(tx: DbOrTx, id: number) {
  const rows = await tx.select(adminBookingColumns).from(bookings).where(eq(bookings.id, id)).limit(1).for('update');
  return rows[0] ?? null;
}

export async function setBookingStatus(
  tx: DbOrTx,
  id: number,
  values: { status: string; updatedAt: Date; cancelledAt?: Date; cancelReason?: string; refundStatus?: string },
) {
  const rows = await tx.update(bookings).set(values).where(eq(bookings.id, id)).returning(adminBookingColumns);
  return rows[0];
}

/** Moves a booking to another slot; the partial unique index refuses a slot already held. */
export async function setBookingSlot(tx: DbOrTx, id: number, values: { bookingDate: string; bookingTime: string; startsAt: Date; crew: number; status: string; updatedAt: Date }) {
  const rows = await tx
    .update(bookings)
    .set({ ...values, reminderSentAt: null })
    .where(eq(bookings.id, id))
    .returning(adminBookingColumns);
  return rows[0];
}

/** Bookings that hold a start on `date` (pending ones whatever their hold: the constraint counts them). */
export function listSlotHolders(db: DbOrTx, date: string) {
  return db
    .select({ id: bookings.id, bookingTime: bookings.bookingTime, crew: bookings.crew, status: bookings.status, holdExpiresAt: bookings.holdExpiresAt })
    .from(bookings)
    .where(and(eq(bookings.bookingDate, date), inArray(bookings.status, ['pending', 'confirmed', 'rescheduling'])));
}

export async function setBookingCrew(tx: DbOrTx, id: number, values: { crew: number; updatedAt: Date }) {
  const rows = await tx.update(bookings).set(values).where(eq(bookings.id, id)).returning(adminBookingColumns);
  return rows[0];
}

export function listContactSubmissions(db: DbOrTx, limit: number) {
  // Messages the bot check refused stay stored but are not the owner's reading.
  return db
    .select()
    .from(contactSubmissions)
    .where(ne(contactSubmissions.botCheck, 'failed'))
    .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
    .limit(limit);
}

/** Emails not sent yet or given up on; newest first. */
export function listProblemEmails(db: DbOrTx, status: 'failed' | 'pending' | undefined, limit: number) {
  return db
    .select({
      id: emailOutbox.id,
      kind: emailOutbox.kind,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      nextAttemptAt: emailOutbox.nextAttemptAt,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(status ? eq(emailOutbox.status, status) : inArray(emailOutbox.status, ['failed', 'pending']))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
}

/** Puts a failed email back in the queue for another round of attempts; false when not failed. */
export async function requeueFailedEmail(db: DbOrTx, id: number, now: Date) {
  const rows = await db
    .update(emailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lockedUntil: null })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'failed')))
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}

const galleryColumns = {
  id: galleryItems.id,
  title: galleryItems.title,
  description: galleryItems.description,
  imageUrl: galleryItems.imageUrl,
  category: galleryItems.category,
};

export function listGalleryForAdmin(db: DbOrTx) {
  return db.select(galleryColumns).from(galleryItems).orderBy(asc(galleryItems.sortOrder), asc(galleryItems.id));
}

export async function findGalleryItem(db: DbOrTx, id: number) {
  const rows = await db.select(galleryColumns).from(galleryItems).where(eq(galleryItems.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function insertGalleryItem(db: DbOrTx, values: { title: string; description: string; category: string; imageUrl: string }) {
  // A new item goes after the others, wherever the owner has moved them.
  const sortOrder = sql<number>`(select coalesce(max(${galleryItems.sortOrder}) + 1, 0) from ${galleryItems})`;
  const rows = await db.insert(galleryItems).values({ ...values, sortOrder }).returning(galleryColumns);
  return rows[0];
}

export async function updateGalleryItem(db: DbOrTx, id: number, values: { title?: string; description?: string; category?: string; imageUrl?: string }) {
  const rows = await db.update(galleryItems).set(values).where(eq(galleryItems.id, id)).returning(galleryColumns);
  return rows[0] ?? null;
}

export async function deleteGalleryItem(db: DbOrTx, id: number) {
  const rows = await db.delete(galleryItems).where(eq(galleryItems.id, id)).returning(galleryColumns);
  return rows[0] ?? null;
}

/** How many gallery items show this image (an uploaded file is removed once none does). */
export async function countGalleryImageUses(db: DbOrTx, imageUrl: string) {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(galleryItems).where(eq(galleryItems.imageUrl, imageUrl));
  return rows[0]?.n ?? 0;
}
