import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    /** scrypt$N$r$p$salt$hash; accounts made through Google get an unusable marker. */
    passwordHash: text('password_hash').notNull(),
    phone: text('phone'),
    role: text('role').notNull().default('customer'),
    googleSub: text('google_sub'),
    photoUrl: text('photo_url'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    /** Set once the address is proven (a confirmation link, or Google's verified email). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** SHA-256 of the pending email-confirmation token. */
    emailVerifyTokenHash: text('email_verify_token_hash'),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_email_verify_token_key').on(t.emailVerifyTokenHash),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    check('users_role_check', sql`${t.role} in ('customer', 'admin')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the cookie's token, hex; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const services = pgTable('services', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  category: text('category').notNull(),
  /** Starting price in US cents. */
  price: integer('price').notNull(),
});

export const galleryItems = pgTable(
  'gallery_items',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url').notNull(),
    category: text('category').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('gallery_items_category_check', sql`${t.category} in ('furniture-assembly', 'mounting')`)],
);

export const testimonials = pgTable(
  'testimonials',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    location: text('location').notNull(),
    comment: text('comment').notNull(),
    rating: integer('rating').notNull(),
    serviceType: text('service_type').notNull(),
    avatarUrl: text('avatar_url'),
    createdAt: createdAt(),
  },
  (t) => [check('testimonials_rating_check', sql`${t.rating} between 1 and 5`)],
);

export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    serviceType: text('service_type').notNull(),
    /** Wall-clock date in the business time zone. */
    bookingDate: date('booking_date', { mode: 'string' }).notNull(),
    /** Wall-clock start label in the business time zone, e.g. "9:00 AM". */
    bookingTime: text('booking_time').notNull(),
    /** The appointment's start as an instant, derived from date, time and the business zone. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    specialInstructions: text('special_instructions'),
    depositPaid: boolean('deposit_paid').notNull().default(false),
    /** US cents. */
    depositAmount: integer('deposit_amount').notNull().default(5000),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    /** SHA-256 of the token the booking browser holds (cookie) to pay this booking's deposit. */
    payTokenHash: text('pay_token_hash'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('pending'),
    /** An unpaid pending booking holds its slot until then. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** none | pending | refunded | failed | kept */
    refundStatus: text('refund_status').notNull().default('none'),
    refundId: text('refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One active booking per slot, guaranteed by the database whatever the application does.
    uniqueIndex('bookings_active_slot_key')
      .on(t.bookingDate, t.bookingTime)
      .where(sql`${t.status} in ('pending', 'confirmed', 'rescheduling')`),
    uniqueIndex('bookings_payment_intent_key').on(t.stripePaymentIntentId),
    index('bookings_user_idx').on(t.userId),
    index('bookings_date_idx').on(t.bookingDate),
    check('bookings_status_check', sql`${t.status} in ('pending', 'confirmed', 'completed', 'cancelled', 'rescheduling')`),
    check('bookings_deposit_check', sql`${t.depositAmount} >= 0`),
  ],
);

export const contactSubmissions = pgTable('contact_submissions', {
  id: serial('id').primaryKey(),
  fullName: text('full_name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  /**
   * The bot check's verdict: pending (stored, not checked yet), off (not configured), passed,
   * failed (kept but not emailed), unavailable (the check could not run; emailed anyway).
   */
  botCheck: text('bot_check').notNull().default('pending'),
  createdAt: createdAt(),
});

/** Owner overrides of the hourly grid: isAvailable=false closes a slot, true opens an extra one. */
export const timeSlots = pgTable(
  'time_slots',
  {
    id: serial('id').primaryKey(),
    slotDate: date('slot_date', { mode: 'string' }).notNull(),
    slotTime: text('slot_time').notNull(),
    isAvailable: boolean('is_available').notNull().default(true),
  },
  (t) => [uniqueIndex('time_slots_date_time_key').on(t.slotDate, t.slotTime)],
);

/**
 * Times a signed-in user blocked. An admin's block closes the slot for everyone; a customer's
 * block is only that customer's own unavailability.
 */
export const blockedTimes = pgTable(
  'blocked_times',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isBusiness: boolean('is_business').notNull().default(false),
    date: date('date', { mode: 'string' }).notNull(),
    time: text('time').notNull(),
    endTime: text('end_time').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('blocked_times_user_slot_key').on(t.userId, t.date, t.time), index('blocked_times_date_idx').on(t.date)],
);

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** [{ filename, contentType, content }] with text content. */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; content: string }[]>().notNull().default([]),
    /** Makes queueing idempotent (for example one reminder per booking). */
    dedupeKey: text('dedupe_key').unique(),
    /** pending | sent | failed (gave up after the last retry) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker that claimed the row owns it until then; another may take it over afterwards. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/** Provider events already handled, so a repeated webhook changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Demo provider's payment intents (demo mode only; Stripe keeps its own). */
export const demoPayments = pgTable('demo_payments', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull().unique(),
  bookingId: integer('booking_id')
    .notNull()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  amount: integer('amount').notNull(),
  /** requires_payment_method | succeeded | refunded */
  status: text('status').notNull().default('requires_payment_method'),
  lastError: text('last_error'),
  createdAt: createdAt(),
});

/** Shared rate-limit counters, so limits hold across several app instances. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** PostgreSQL bytea as a Node Buffer (PGlite hands back a Uint8Array, node-postgres a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Images the owner uploaded for the gallery. In the database rather than on one machine's disk,
 * so every app instance serves them; names are random and never reused.
 */
export const uploads = pgTable('uploads', {
  name: text('name').primaryKey(),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});
