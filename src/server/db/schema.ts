import { sql } from 'drizzle-orm';
import type { CancelReason } from '../../shared/constants';
import type { PricedLine, QuoteLine } from '../../shared/schemas/price-list';
import type { InvoiceLine } from '../../shared/schemas/invoices';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
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
    /** Made the owner on the server's command line (`npm run owner -- add EMAIL`): admin whatever ADMIN_EMAILS says. */
    ownerSince: timestamp('owner_since', { withTimezone: true }),
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

/**
 * One-time links of "Forgot your password?". Only the SHA-256 of the emailed token is kept; a row
 * is deleted when used (with the user's other reset links), so a link works once.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** One-time sign-in links printed by `npm run owner -- add EMAIL` (only the SHA-256 is kept). */
export const signInLinks = pgTable(
  'sign_in_links',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_links_user_idx').on(t.userId)],
);

export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    /** The booking form's service type (furniture-assembly, tv-mounting, ...): what bookings store. */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    /** Starting price in US cents. */
    price: integer('price').notNull(),
    /** How long the job takes on site, in minutes; the schedule books this much time. */
    durationMinutes: integer('duration_minutes').notNull().default(60),
    sortOrder: integer('sort_order').notNull().default(0),
    /** An inactive service leaves /book's select; its existing bookings keep it. */
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('services_slug_key').on(t.slug),
    check('services_duration_check', sql`${t.durationMinutes} between 15 and 720`),
    check('services_price_check', sql`${t.price} >= 0`),
  ],
);

export const galleryItems = pgTable(
  'gallery_items',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url').notNull(),
    category: text('category').notNull(),
    /** The owner's order (ascending), then newest first. */
    sortOrder: integer('sort_order').notNull().default(0),
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
    /** 1 to 5 in halves (4.5 shows four and a half stars). */
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull(),
    serviceType: text('service_type').notNull(),
    avatarUrl: text('avatar_url'),
    /** Hidden testimonials stay in /admin but leave the public pages. */
    visible: boolean('visible').notNull().default(true),
    /** The owner's order (ascending), then newest first. */
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [check('testimonials_rating_check', sql`${t.rating} between 1 and 5 and ${t.rating} * 2 = trunc(${t.rating} * 2)`)],
);

/** A PostgreSQL tstzrange, read only through lower()/upper() (its text form depends on the session's TimeZone). */
const tstzrange = customType<{ data: string; driverData: string }>({ dataType: () => 'tstzrange' });

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
    /** null unless cancelled; CANCEL_REASONS (shared/constants). */
    cancelReason: text('cancel_reason').$type<CancelReason>(),
    /** none | pending | refunded | failed | kept */
    refundStatus: text('refund_status').notNull().default('none'),
    refundId: text('refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /**
     * The job's length when it was booked: the service's duration then, or, for a job picked from
     * the price list, its lines' minutes rounded up to the quarter hour (shared/job-length.ts).
     */
    durationMinutes: integer('duration_minutes').notNull().default(60),
    /** The job needs a crew of two people (one of its items does); moves and crew changes keep it. */
    twoPeople: boolean('two_people').notNull().default(false),
    /**
     * The job's lines as they were priced when it was booked (each item, then its add-ons): names
     * and amounts, since the owner may rename, reprice or delete an item later. An item's line
     * also keeps its item's id (lines stored before the real times have none), only for learning
     * the item's real time. Empty for a job booked as a whole (the service alone). Decision 0018.
     */
    lines: jsonb('lines').$type<PricedLine[]>().notNull().default([]),
    /** The sum of the lines' amounts in US cents; null when the job has no lines. */
    totalCents: integer('total_cents'),
    /**
     * How long the job really took, in minutes, as the owner said when completing it; null when
     * not said (or not completed). The price list learns its items' real times from it
     * (shared/actual-times.ts, decision 0018).
     */
    actualMinutes: integer('actual_minutes'),
    /** The travel buffer in force when it was booked; the crew is busy this long after the job. */
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    /** The crew doing the job, 1..settings.crews. */
    crew: integer('crew').notNull().default(1),
    /**
     * [start, start + duration + buffer): the time the job takes from its crew, derived by the
     * database so it can never disagree with the start. The exclusion constraint
     * bookings_crew_no_overlap (in the migration, written by hand: Drizzle cannot express
     * EXCLUDE) refuses two active bookings of one crew whose intervals overlap.
     */
    during: tstzrange('during')
      .notNull()
      .generatedAlwaysAs(sql`booking_interval(starts_at, duration_minutes + buffer_minutes)`),
    /** true: the address's ZIP is in the service area; null: no ZIP in it ("area not checked"). */
    areaChecked: boolean('area_checked'),
    /** Where the booking came from, for the per-address cap on unpaid holds. */
    clientIp: text('client_ip'),
    /** The customer asked for text messages (reminders, "on my way") at booking; used only when texts are configured. */
    smsOptIn: boolean('sms_opt_in').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bookings_payment_intent_key').on(t.stripePaymentIntentId),
    index('bookings_user_idx').on(t.userId),
    index('bookings_date_idx').on(t.bookingDate),
    index('bookings_pending_email_idx').on(sql`lower(${t.email})`).where(sql`${t.status} = 'pending' and ${t.depositPaid} = false`),
    index('bookings_pending_ip_idx').on(t.clientIp).where(sql`${t.status} = 'pending' and ${t.depositPaid} = false`),
    check('bookings_crew_check', sql`${t.crew} >= 1`),
    check('bookings_status_check', sql`${t.status} in ('pending', 'confirmed', 'completed', 'cancelled', 'rescheduling')`),
    check('bookings_deposit_check', sql`${t.depositAmount} >= 0`),
    check('bookings_cancel_reason_check', sql`${t.cancelReason} in ('customer', 'business', 'hold_expired')`),
    check('bookings_lines_check', sql`jsonb_typeof(${t.lines}) = 'array' and (${t.totalCents} is null) = (${t.lines} = '[]'::jsonb)`),
    check('bookings_total_check', sql`${t.totalCents} >= 0`),
    check('bookings_actual_minutes_check', sql`${t.actualMinutes} between 1 and 1440`),
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

/**
 * An email's attachment as its outbox row keeps it: a text file (a calendar file) as it is, or,
 * with `render` (and empty content), a file the sender makes when the email goes out, named by
 * kind and record like a link (a paid invoice's PDF receipt, in the business's time zone:
 * decision 0021).
 */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  content: string;
  render?: { kind: 'invoice_receipt'; ref: number; timeZone: string };
}

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    /** Body, html and attachments are emptied once the email is sent: their links work for days (decision 0013). */
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /**
     * [{ filename, contentType, content }] with text content, or [{ filename, contentType, render }]
     * for a file made when the email is sent (a paid invoice's PDF receipt: decision 0021).
     */
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    /** Makes queueing idempotent (for example one reminder per booking). */
    dedupeKey: text('dedupe_key').unique(),
    /**
     * The private link the email carries, by name: its kind (manage, review, password_reset,
     * owner_confirm) and record id. The body holds a placeholder instead of the token; the token
     * is made, its hash stored, when the email is sent (decision 0016).
     */
    linkKind: text('link_kind'),
    linkRef: integer('link_ref'),
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

/**
 * Private links that manage one booking (/booking/{token}): one per email that carries it (the
 * confirmation, the reminder), only the SHA-256 kept. A link dies with the appointment.
 */
export const manageLinks = pgTable(
  'manage_links',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('manage_links_booking_idx').on(t.bookingId)],
);

/**
 * A customer's review of a completed job: requested by email with a one-time link (/review/{token},
 * only its SHA-256 kept), submitted once, then published or hidden by the owner.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** requested (email sent, nothing submitted) | pending (submitted, waiting for the owner) | published | hidden */
    status: text('status').notNull().default('requested'),
    rating: integer('rating'),
    comment: text('comment'),
    /** As shown publicly: "First L." by default. */
    displayName: text('display_name'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    check('reviews_status_check', sql`${t.status} in ('requested', 'pending', 'published', 'hidden')`),
    check('reviews_rating_check', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
    index('reviews_status_idx').on(t.status),
  ],
);

/** Text messages waiting to be sent (through Twilio when configured), retried like the emails. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    toPhone: text('to_phone').notNull(),
    /** Emptied once the text is sent: a reminder's manage link works until the appointment (decision 0013). */
    body: text('body').notNull(),
    /** Makes queueing idempotent (one reminder text per booking). */
    dedupeKey: text('dedupe_key').unique(),
    /** The link the text carries, by name, made when it is sent (see emailOutbox.linkKind). */
    linkKind: text('link_kind'),
    linkRef: integer('link_ref'),
    /** pending | sent | failed (gave up after the last retry) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** The provider's message id once sent. */
    providerId: text('provider_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/** Provider events already handled, so a repeated webhook changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Demo provider's payment intents (demo mode only; Stripe keeps its own): a booking's deposit or
 * an invoice's balance (with its tip), never both.
 */
export const demoPayments = pgTable(
  'demo_payments',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull().unique(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
    /** US cents, the tip included. */
    amount: integer('amount').notNull(),
    /** The tip in `amount` (an invoice's intent, as Stripe's metadata.tipCents); null for a deposit. */
    tipCents: integer('tip_cents'),
    /** What its refunds gave back so far, in US cents. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** requires_payment_method | succeeded | refunded (in full) */
    status: text('status').notNull().default('requires_payment_method'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('demo_payments_invoice_idx').on(t.invoiceId),
    check('demo_payments_owner_check', sql`(${t.bookingId} is null) <> (${t.invoiceId} is null)`),
    check('demo_payments_refunded_check', sql`${t.refundedCents} between 0 and ${t.amount}`),
  ],
);

/** The demo provider's refunds, one per idempotency key (a repeated request answers the first refund, as Stripe's keys do). */
export const demoRefunds = pgTable(
  'demo_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => demoPayments.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('demo_refunds_payment_idx').on(t.paymentId), check('demo_refunds_amount_check', sql`${t.amountCents} > 0`)],
);

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
  /** A photo sent with an estimate request: shown to the owner only, never served at /uploads. */
  isPrivate: boolean('is_private').notNull().default(false),
  createdAt: createdAt(),
});

/** The owner's settings (shared/schemas/settings.ts): one row, id 1, the whole object as JSON. */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer('id').primaryKey().default(1),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('site_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * Counters every app instance polls to drop what it keeps in memory: 'content' (settings,
 * services, testimonials, gallery: the rendered pages) and 'schedule' (anything that changes
 * which starts are offered). A change bumps its counter in the same transaction.
 */
export const siteVersions = pgTable('site_versions', {
  name: text('name').primaryKey(),
  /** Bumped by every change of what it names; for `schedule` also by triggers (migration 0009). */
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The owner's own calendars (secret iCal addresses), fetched every 10 minutes. */
export const calendarFeeds = pgTable('calendar_feeds', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  etag: text('etag'),
  lastModified: text('last_modified'),
  /** The last fetch that brought (or confirmed) good data. */
  lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  /** Why the last attempt failed, in words for the owner; null after a good fetch. */
  lastError: text('last_error'),
  eventCount: integer('event_count').notNull().default(0),
  /** An instance fetching this feed owns it until then, so only one fetches it at a time. */
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Busy intervals of the booking window from the owner's calendars; replaced whole at each good fetch. */
export const calendarBusy = pgTable(
  'calendar_busy',
  {
    id: serial('id').primaryKey(),
    feedId: integer('feed_id')
      .notNull()
      .references(() => calendarFeeds.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('calendar_busy_feed_idx').on(t.feedId), index('calendar_busy_range_idx').on(t.startsAt, t.endsAt)],
);

/**
 * The price list (decision 0018): what a visitor may pick for a service on /book, each with its
 * price in US cents (a fixed price, or a "from" price for work that varies), the minutes it adds
 * to the job, whether it needs a crew of two, and how many one visit takes at most. Only active
 * items are offered; the owner's order is `sort_order`, then the oldest first.
 */
export const priceItems = pgTable(
  'price_items',
  {
    id: serial('id').primaryKey(),
    /** The service's slug, as bookings store it; a service's items go with it. */
    serviceType: text('service_type')
      .notNull()
      .references(() => services.slug, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    /** The price is where the work starts ("from $89"): the owner confirms the rest on site. */
    priceIsFrom: boolean('price_is_from').notNull().default(false),
    minutes: integer('minutes').notNull(),
    twoPeople: boolean('two_people').notNull().default(false),
    maxQuantity: integer('max_quantity').notNull().default(10),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    index('price_items_service_idx').on(t.serviceType, t.sortOrder),
    check('price_items_price_check', sql`${t.priceCents} >= 0`),
    check('price_items_minutes_check', sql`${t.minutes} between 1 and 720`),
    check('price_items_max_quantity_check', sql`${t.maxQuantity} between 1 and 99`),
  ],
);

/** Extras a visitor may add to some items (hide the wires in the wall, a brick wall), per unit of the item. */
export const priceAddOns = pgTable(
  'price_add_ons',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** Minutes each unit of the item takes longer; 0 for a surcharge that takes no time. */
    minutes: integer('minutes').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [check('price_add_ons_price_check', sql`${t.priceCents} >= 0`), check('price_add_ons_minutes_check', sql`${t.minutes} between 0 and 720`)],
);

/** Which add-ons go with which items. */
export const priceItemAddOns = pgTable(
  'price_item_add_ons',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => priceItems.id, { onDelete: 'cascade' }),
    addOnId: integer('add_on_id')
      .notNull()
      .references(() => priceAddOns.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.addOnId] }), index('price_item_add_ons_add_on_idx').on(t.addOnId)],
);

/**
 * What the seed has put in once (`price-list`): the seed never puts it in again, so a list the
 * owner emptied stays empty after a restart.
 */
export const seedMarks = pgTable('seed_marks', {
  name: text('name').primaryKey(),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A request for a free estimate from photos (issue 22, decision 0020): what needs doing, where,
 * who asks, and the photos (estimate_photos). It moves new -> quoted -> booked, declined or expired.
 */
export const estimates = pgTable(
  'estimates',
  {
    id: serial('id').primaryKey(),
    /** ESTIMATE_STATUSES (shared/schemas/estimates.ts). */
    status: text('status').notNull().default('new'),
    description: text('description').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    /** The days that suit the customer, in their words ("Weekday mornings"). */
    preferredDays: text('preferred_days').notNull().default(''),
    /** true: the address's ZIP is in the service area; null: no ZIP in it ("area not checked"). */
    areaChecked: boolean('area_checked'),
    /** The bot check's verdict: off, passed or unavailable (a failed check stores nothing). */
    botCheck: text('bot_check').notNull().default('off'),
    clientIp: text('client_ip'),
    /** Who declined (owner or customer), when, and the owner's reason. */
    declinedBy: text('declined_by'),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('estimates_status_idx').on(t.status, t.createdAt),
    check('estimates_status_check', sql`${t.status} in ('new', 'quoted', 'booked', 'declined', 'expired')`),
    check('estimates_declined_by_check', sql`${t.declinedBy} in ('owner', 'customer')`),
  ],
);

/**
 * The photos of an estimate request, numbered 1 to 6 in the order sent. The image itself is in
 * `uploads` (private), decoded, resized and re-encoded without any metadata.
 */
export const estimatePhotos = pgTable(
  'estimate_photos',
  {
    estimateId: integer('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    n: integer('n').notNull(),
    uploadName: text('upload_name')
      .notNull()
      .references(() => uploads.name),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.estimateId, t.n] }), check('estimate_photos_n_check', sql`${t.n} between 1 and 6`)],
);

/**
 * The owner's quote for an estimate request: its lines as written (the shape of a booking's
 * lines), their total and minutes, the crew need, a note and the last day it can be approved.
 * The customer opens it with a private link (quote_links). Status: open, booked (a booking was
 * made from it: booked_booking_id), declined, expired, or withdrawn (the owner sent a newer one).
 */
export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    estimateId: integer('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    lines: jsonb('lines').$type<QuoteLine[]>().notNull(),
    totalCents: integer('total_cents').notNull(),
    /** The lines' minutes added up; booked rounded up to the quarter hour. */
    minutes: integer('minutes').notNull(),
    twoPeople: boolean('two_people').notNull().default(false),
    /** The service of its price-list lines when they are all of one service; null otherwise. */
    serviceType: text('service_type'),
    note: text('note').notNull().default(''),
    /** The last day (business zone) the customer can approve it. */
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('open'),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    bookedBookingId: integer('booked_booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('quotes_estimate_idx').on(t.estimateId),
    check('quotes_status_check', sql`${t.status} in ('open', 'booked', 'declined', 'expired', 'withdrawn')`),
    check('quotes_lines_check', sql`jsonb_typeof(${t.lines}) = 'array' and jsonb_array_length(${t.lines}) > 0`),
    check('quotes_total_check', sql`${t.totalCents} >= 0`),
    check('quotes_minutes_check', sql`${t.minutes} between 1 and 600`),
  ],
);

/**
 * Private links that open one quote (/quote/{token}): one per email or text that carries it,
 * only the SHA-256 kept, as manage links (decision 0013).
 */
export const quoteLinks = pgTable(
  'quote_links',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('quote_links_quote_idx').on(t.quoteId)],
);

/**
 * The last invoice number issued in each year (INV-2026-0001): taken and raised under this row's
 * lock in the transaction that issues the invoice, so numbers have no gaps (a rolled-back issue
 * gives its number back) and no repeats. Decision 0021.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    year: integer('year').primaryKey(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [check('invoice_counters_last_number_check', sql`${t.lastNumber} >= 1`)],
);

/**
 * A completed job's invoice (decision 0021), one per booking: made as a draft from the booking's
 * lines with the deposit credited, numbered when issued (first sent, or first paid by hand), then
 * sent, partly paid, paid or void. Amounts in US cents; the sums are kept with the lines, and the
 * payments' sums (`paid_cents`, `tip_cents`, `refunded_cents`) with the payments, all changed
 * under this row's lock.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** INV-yyyy-nnnn; null while a draft (and for a draft voided unissued). */
    number: text('number').unique(),
    /** draft | sent | partly_paid | paid | void */
    status: text('status').notNull().default('draft'),
    /** [{ description, quantity, unitCents, taxable }], in the owner's order. */
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    /** The materials tax rate when the invoice was made or last edited, in basis points (1025 is 10.25 %). */
    taxRateBps: integer('tax_rate_bps').notNull().default(0),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    /** subtotal − discount + tax: the job's price. */
    totalCents: integer('total_cents').notNull(),
    /** The booking's deposit, paid and kept, counted toward the total. */
    depositCreditCents: integer('deposit_credit_cents').notNull().default(0),
    /** Payments toward the balance (hand and card), tips left out. */
    paidCents: integer('paid_cents').notNull().default(0),
    tipCents: integer('tip_cents').notNull().default(0),
    /** Refunds asked for and not failed (pending or done). */
    refundedCents: integer('refunded_cents').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    /**
     * Reminders of a sent, unpaid invoice queued so far (0, 1 at 3 days, 2 at 7 days after it was
     * last sent), raised in the transaction that queues each: none is sent twice (decision 0021).
     */
    remindersSent: integer('reminders_sent').notNull().default(0),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('invoices_reminders_check', sql`${t.remindersSent} between 0 and 2`),
    index('invoices_owed_sent_at_idx').on(t.sentAt).where(sql`${t.status} in ('sent', 'partly_paid')`),
    check('invoices_status_check', sql`${t.status} in ('draft', 'sent', 'partly_paid', 'paid', 'void')`),
    check('invoices_number_check', sql`case ${t.status} when 'draft' then ${t.number} is null when 'void' then true else ${t.number} is not null end`),
    check('invoices_lines_check', sql`jsonb_typeof(${t.lines}) = 'array'`),
    check('invoices_money_check', sql`${t.subtotalCents} >= 0 and ${t.taxCents} >= 0 and ${t.discountCents} between 0 and ${t.subtotalCents} and ${t.depositCreditCents} >= 0`),
    check('invoices_total_check', sql`${t.totalCents} = ${t.subtotalCents} - ${t.discountCents} + ${t.taxCents}`),
    check('invoices_tax_rate_check', sql`${t.taxRateBps} between 0 and 10000`),
    check('invoices_paid_check', sql`${t.paidCents} between 0 and greatest(${t.totalCents} - ${t.depositCreditCents}, 0) and ${t.tipCents} >= 0`),
    check('invoices_refunded_check', sql`${t.refundedCents} >= 0`),
    check('invoices_paid_at_check', sql`(${t.status} = 'paid') = (${t.paidAt} is not null)`),
    check('invoices_voided_at_check', sql`(${t.status} = 'void') = (${t.voidedAt} is not null)`),
  ],
);

/**
 * Private links to an invoice (/invoice/{token}): one per email or text that carries it, made when
 * it goes out, only the SHA-256 kept (decision 0013). A void invoice's links open nothing.
 */
export const invoiceLinks = pgTable(
  'invoice_links',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('invoice_links_invoice_idx').on(t.invoiceId)],
);

/**
 * Money received for an invoice: by hand (cash, check, Zelle, Venmo) or by card through the
 * provider (its intent id, unique: one payment per intent however often it is reported).
 * `amount_cents` went toward the balance, `tip_cents` is the tip, and `excess_cents` what a card
 * took beyond the balance (an intent made before another payment), refunded at once.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** card | cash | check | zelle | venmo */
    method: text('method').notNull(),
    amountCents: integer('amount_cents').notNull(),
    tipCents: integer('tip_cents').notNull().default(0),
    excessCents: integer('excess_cents').notNull().default(0),
    providerIntentId: text('provider_intent_id'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoice_payments_invoice_idx').on(t.invoiceId),
    uniqueIndex('invoice_payments_intent_key').on(t.providerIntentId).where(sql`${t.providerIntentId} is not null`),
    check('invoice_payments_method_check', sql`${t.method} in ('card', 'cash', 'check', 'zelle', 'venmo')`),
    check('invoice_payments_amounts_check', sql`${t.amountCents} >= 0 and ${t.tipCents} >= 0 and ${t.excessCents} >= 0 and ${t.amountCents} + ${t.tipCents} + ${t.excessCents} > 0`),
    check('invoice_payments_card_check', sql`(${t.method} = 'card') = (${t.providerIntentId} is not null) and (${t.method} = 'card' or (${t.tipCents} = 0 and ${t.excessCents} = 0))`),
  ],
);

/**
 * Refunds of card payments, through the one refund service (decision 0008): `pending` without a
 * provider id is owed and not yet answered, `pending` with one is on its way, `refunded` is final,
 * `failed` gave nothing back.
 */
export const invoiceRefunds = pgTable(
  'invoice_refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => invoicePayments.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    providerRefundId: text('provider_refund_id'),
    /** pending | refunded | failed */
    status: text('status').notNull().default('pending'),
    /** owner (asked for by the owner) | overpayment (a card took more than the balance) */
    reason: text('reason').notNull().default('owner'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoice_refunds_payment_idx').on(t.paymentId),
    uniqueIndex('invoice_refunds_provider_key').on(t.providerRefundId).where(sql`${t.providerRefundId} is not null`),
    check('invoice_refunds_amount_check', sql`${t.amountCents} > 0`),
    check('invoice_refunds_status_check', sql`${t.status} in ('pending', 'refunded', 'failed')`),
    check('invoice_refunds_reason_check', sql`${t.reason} in ('owner', 'overpayment')`),
  ],
);

/**
 * The server's VAPID key pair for Web Push (decision 0023): one row, made at the first start.
 * Subscriptions are bound to the public key, so it lives with the data and moves with backups.
 */
export const pushVapidKeys = pgTable(
  'push_vapid_keys',
  {
    id: integer('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('push_vapid_keys_one_row', sql`${t.id} = 1`)],
);

/**
 * The owner's devices that get push notifications: the push service's endpoint and the browser's
 * keys, and which events the owner chose (PUSH_EVENTS). Dropped when the push service answers 404 or 410.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    events: text('events').array().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    /** Failed sends since the last success (a 404 or 410 is not counted: it drops the row). */
    failures: integer('failures').notNull().default(0),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * One thing that happened that the owner may be told of (a paid booking, a cancellation, ...),
 * queued in the transaction of the change, sent by one `send-push` job to every subscription that
 * wants its kind. Like the email outbox it keeps its retry schedule on the row.
 */
export const pushEvents = pgTable(
  'push_events',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The screen the notification opens, a path of the site (/admin?request=12). */
    url: text('url').notNull(),
    /** One event per change, however often the code that reports it runs. */
    dedupeKey: text('dedupe_key').unique(),
    /** pending | done (every wanting device got it, or gave up) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [check('push_events_status_check', sql`${t.status} in ('pending', 'done')`)],
);

/** The devices an event reached: a retried job skips them, so each device gets each event once. */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => pushEvents.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.subscriptionId] }), index('push_deliveries_subscription_idx').on(t.subscriptionId)],
);
