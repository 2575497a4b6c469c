import { z } from 'zod';
import { BOOKING_WINDOW_DAYS, BUSINESS, BUSINESS_HOURS, MIN_NOTICE_HOURS, STATS, YEARS_IN_BUSINESS } from '../constants';
import { isoDateSchema } from './common';
import { CREW_SIZES_COUNT_MESSAGE, crewSizesFor, crewSizesSchema, DEFAULT_CREW_SIZE } from './crew-sizes';
import { emailField, textField, wholeNumber } from './fields';

/**
 * The owner's settings (DESIGN.md section 9): one object, edited with partial PATCHes in /admin,
 * read by the schedule, the pages and the emails. The constants are only the first values a new
 * database gets. The deposit and the 24-hour refund notice are the spec's and not settings.
 */

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;
const hhmm = (which: 'an opening' | 'a closing') => {
  const message = `Enter ${which} time as HH:mm (24-hour clock)`;
  return z.string({ error: message }).regex(HHMM, message);
};
const minutesOf = (v: string) => Number(v.slice(0, 2)) * 60 + Number(v.slice(3, 5));

export const dayHoursSchema = z
  .object({ open: hhmm('an opening'), close: hhmm('a closing') }, { error: 'Give each day an opening and a closing time, or null when closed' })
  .refine((h) => !HHMM.test(h.open) || !HHMM.test(h.close) || minutesOf(h.close) > minutesOf(h.open), { message: 'Closing time must be after opening time', path: ['close'] });

export const WEEKDAY_KEYS = ['0', '1', '2', '3', '4', '5', '6'] as const;
export type WeekdayKey = (typeof WEEKDAY_KEYS)[number];

export const weeklyHoursSchema = z.object(
  Object.fromEntries(WEEKDAY_KEYS.map((d) => [d, dayHoursSchema.nullable()])) as Record<WeekdayKey, z.ZodNullable<typeof dayHoursSchema>>,
  { error: 'Hours must name the weekdays "0" (Sunday) to "6" (Saturday)' },
);

const text = (label: string, max: number) => textField(1, max, { required: `${label} is required`, long: `${label} must be at most ${max} characters` });
const link = z
  .string({ error: 'Enter a web address starting with https://' })
  .trim()
  .max(500, 'That address is too long')
  .refine((v) => v === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(v), 'Enter a web address starting with https://');

export const businessSchema = z.object({
  name: text('Business name', 100),
  tagline: text('Tagline', 200),
  phone: z
    .string({ error: 'Enter a phone number with area code, e.g. (310) 555-0142' })
    .trim()
    .refine((v) => v.replace(/\D/g, '').length >= 10 && /^[\d\s()+.-]+$/.test(v), 'Enter a phone number with area code, e.g. (310) 555-0142')
    .refine((v) => v.length <= 30, 'Enter a phone number with area code, e.g. (310) 555-0142'),
  email: emailField('Enter a valid email address'),
  address: text('Address', 200),
  serviceRadius: text('Service area text', 200),
  /** The towns the page descriptions name ("… mounting in Santa Monica, West LA and Venice."). */
  serviceTowns: text('Towns served', 100),
  /** Shown as "7+" (the footer, the home page, /testimonials, the home page's description). */
  yearsInBusiness: wholeNumber(0, 100, 'Years in business must be a whole number from 0 to 100'),
  /** The figures of /testimonials, shown as written ("500+", "4.9", "98%"). */
  projectsCompleted: text('Projects completed', 20),
  averageRating: text('Average rating', 20),
  satisfaction: text('Client satisfaction', 20),
  social: z.object({ facebook: link, instagram: link, yelp: link, google: link }, { error: 'Social links must be an object with facebook, instagram, yelp and google' }),
}, { error: 'Business details must be an object' });

export const MATERIALS_TAX_MESSAGE = 'Materials tax rate must be a whole number of basis points from 0 to 2500 (0 % to 25 %)';

const zipSchema = z.string({ error: 'ZIP codes are 5 digits' }).regex(/^\d{5}$/, 'ZIP codes are 5 digits');

export const settingsSchema = z.object({
  business: businessSchema,
  hours: weeklyHoursSchema,
  closedDates: z.array(isoDateSchema, { error: 'Closed dates must be a list of dates as yyyy-MM-dd' }).max(366, 'At most 366 closed dates'),
  bookingWindowDays: wholeNumber(1, 365, 'Booking window must be a whole number of days from 1 to 365'),
  minNoticeHours: z.number({ error: 'Minimum notice must be 0 to 168 hours' }).int('Minimum notice must be a whole number of hours').min(0, 'Minimum notice must be 0 to 168 hours').max(168, 'Minimum notice must be 0 to 168 hours'),
  travelBufferMinutes: z.number({ error: 'Travel buffer must be 0 to 240 minutes' }).int('Travel buffer must be a whole number of minutes').min(0, 'Travel buffer must be 0 to 240 minutes').max(240, 'Travel buffer must be 0 to 240 minutes'),
  crews: z.number({ error: 'Crews must be a whole number from 1 to 20' }).int('Crews must be a whole number from 1 to 20').min(1, 'Crews must be a whole number from 1 to 20').max(20, 'Crews must be a whole number from 1 to 20'),
  /** One size (1 or 2 people) per crew, crew 1 first; always as long as `crews` (crew-sizes.ts). */
  crewSizes: crewSizesSchema,
  serviceZips: z.array(zipSchema).max(500, 'At most 500 ZIP codes'),
  /**
   * Sales tax on the materials lines of an invoice (decision 0021), in basis points: 1025 is
   * 10.25 %. Labour is not taxed; 0 (no tax) until the owner sets it.
   */
  materialsTaxRateBps: wholeNumber(0, 2500, MATERIALS_TAX_MESSAGE),
});
export type Settings = z.infer<typeof settingsSchema>;

/** A PATCH: any top-level field; `business`, `business.social` and `hours` may be partial too. */
export const settingsPatchSchema = settingsSchema
  .extend({
    business: businessSchema.extend({ social: businessSchema.shape.social.partial() }).partial(),
    hours: weeklyHoursSchema.partial(),
  })
  .partial()
  .strict()
  .refine((p) => p.crews === undefined || p.crewSizes === undefined || p.crewSizes.length === p.crews, { message: CREW_SIZES_COUNT_MESSAGE, path: ['crewSizes'] });
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/**
 * Applies a validated PATCH; lists are replaced whole, ZIPs and dates sorted and unique. Crew
 * sizes follow the count: `crews` alone keeps the first crews' sizes, `crewSizes` alone sets it.
 */
export function applySettingsPatch(current: Settings, patch: SettingsPatch): Settings {
  const next: Settings = {
    ...current,
    ...patch,
    business: { ...current.business, ...patch.business, social: { ...current.business.social, ...patch.business?.social } },
    hours: { ...current.hours, ...patch.hours },
  };
  next.closedDates = [...new Set(next.closedDates)].sort();
  next.serviceZips = [...new Set(next.serviceZips)].sort();
  next.crews = patch.crews ?? patch.crewSizes?.length ?? current.crews;
  next.crewSizes = crewSizesFor(patch.crewSizes ?? current.crewSizes, next.crews);
  return next;
}

const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;

/**
 * ZIP codes of Santa Monica, Venice, Marina del Rey, Mar Vista, Palms, West LA, Brentwood,
 * Westwood, Culver City and Pacific Palisades (listed in the README).
 */
export const DEFAULT_SERVICE_ZIPS = [
  '90024', '90025', '90034', '90049', '90064', '90066', '90073', '90095',
  '90230', '90232', '90272', '90291', '90292', '90401', '90402', '90403', '90404', '90405',
];

/** What a new database starts with: today's values. */
export const DEFAULT_SETTINGS: Settings = {
  business: {
    name: BUSINESS.name,
    tagline: BUSINESS.tagline,
    phone: BUSINESS.phone,
    email: BUSINESS.email,
    address: BUSINESS.address,
    serviceRadius: BUSINESS.serviceRadius,
    serviceTowns: BUSINESS.serviceTowns,
    yearsInBusiness: YEARS_IN_BUSINESS,
    projectsCompleted: STATS.projects,
    averageRating: STATS.rating,
    satisfaction: STATS.satisfaction,
    social: { ...BUSINESS.social },
  },
  hours: Object.fromEntries(WEEKDAY_KEYS.map((d) => [d, BUSINESS_HOURS[Number(d)] ? { open: hh(BUSINESS_HOURS[Number(d)]!.open), close: hh(BUSINESS_HOURS[Number(d)]!.close) } : null])) as Settings['hours'],
  closedDates: [],
  bookingWindowDays: BOOKING_WINDOW_DAYS,
  minNoticeHours: MIN_NOTICE_HOURS,
  travelBufferMinutes: 30,
  crews: 1,
  crewSizes: [DEFAULT_CREW_SIZE],
  serviceZips: DEFAULT_SERVICE_ZIPS,
  materialsTaxRateBps: 0,
};
