/**
 * Business facts shared by the client and the server. Contact details and social links are
 * placeholders the owner replaces; everything else is the business's real rules.
 */
export const BUSINESS = {
  name: 'Westside Assembly Pros',
  tagline: 'Furniture Assembly & TV Mounting in Santa Monica, West LA and Venice',
  phone: '(310) 555-0142',
  email: 'hello@westsideassembly.example',
  address: 'Santa Monica, CA 90401',
  serviceRadius: 'Serving Santa Monica, West Los Angeles and Venice, within 15 miles',
  serviceTowns: 'Santa Monica, West LA and Venice',
  social: {
    facebook: 'https://www.facebook.com/westsideassemblypros',
    instagram: 'https://www.instagram.com/westsideassemblypros',
    yelp: 'https://www.yelp.com/biz/westside-assembly-pros',
    google: 'https://g.page/westside-assembly-pros',
  },
} as const;

export const YEARS_IN_BUSINESS = 7;

/** Default business time zone; the server may override it with BUSINESS_TZ. */
export const DEFAULT_BUSINESS_TZ = 'America/Los_Angeles';

/** The deposit, in US cents. */
export const DEPOSIT_CENTS = 5000;
/** The deposit in dollars, as the booking form payload carries it. */
export const DEPOSIT_AMOUNT = 50;

/** Cancellations at least this many hours before the appointment get the deposit back. */
export const REFUND_NOTICE_HOURS = 24;
/** How long a card refund takes to reach the customer once the payment provider has sent it (what every message says). */
export const REFUND_ARRIVAL = '5 to 10 business days';
/** An unpaid pending booking holds its slot for this long. */
export const HOLD_MINUTES = 30;
/** Slots must start at least this long from now. */
export const MIN_NOTICE_HOURS = 2;
/** Bookings can be made up to this many days ahead (today counts as day 0). */
export const BOOKING_WINDOW_DAYS = 90;

/**
 * Opening hours per weekday (0 = Sunday), as whole hours on the business clock; `close` is
 * exclusive: the last appointment starts one hour before closing.
 */
export const BUSINESS_HOURS: Record<number, { open: number; close: number } | null> = {
  0: null,
  1: { open: 8, close: 18 },
  2: { open: 8, close: 18 },
  3: { open: 8, close: 18 },
  4: { open: 8, close: 18 },
  5: { open: 8, close: 18 },
  6: { open: 9, close: 16 },
};

export const SERVICE_TYPES = [
  { value: 'furniture-assembly', label: 'Furniture Assembly' },
  { value: 'tv-mounting', label: 'TV Mounting' },
  { value: 'shelf-mounting', label: 'Shelf Mounting' },
  { value: 'custom-project', label: 'Custom Project' },
] as const;

export function serviceTypeLabel(value: string): string {
  return SERVICE_TYPES.find((s) => s.value === value)?.label ?? value;
}

export const GALLERY_CATEGORIES = ['furniture-assembly', 'mounting'] as const;

export const BOOKING_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled', 'rescheduling'] as const;
/** A booking's deposit refund: none owed, pending (started, not arrived), refunded, failed, kept (late cancellation). */
export const REFUND_STATUSES = ['none', 'pending', 'refunded', 'failed', 'kept'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/**
 * Why a booking was cancelled: the customer did (their deposit follows the 24-hour rule), the
 * business did (the deposit goes back), or its unpaid hold ran out (a deposit paid after that is
 * refunded as the slot may be taken).
 */
export const CANCEL_REASONS = ['customer', 'business', 'hold_expired'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** Statuses that hold their slot (pending only while its hold is valid). */
export const ACTIVE_BOOKING_STATUSES = ['pending', 'confirmed', 'rescheduling'] as const;
/** Statuses on which the customer can no longer act. */
export const FINAL_OR_WAITING_STATUSES = ['cancelled', 'completed', 'rescheduling'] as const;

/** The spec's figures on /testimonials: the first values of the owner's settings. */
export const STATS = {
  projects: '500+',
  rating: '4.9',
  satisfaction: '98%',
} as const;
