import { z } from 'zod';
import { crewSizesFor } from '../../../../shared/schemas/crew-sizes';
import { isoDateSchema } from '../../../../shared/schemas/common';
import { businessSchema, dayHoursSchema, settingsSchema, WEEKDAY_KEYS, type Settings, type WeekdayKey } from '../../../../shared/schemas/settings';
import { checkWith, numberText } from '../../../lib/form-checks';
import { parseZips } from './calendar-text';

/*
 * The settings forms' values as the boxes hold them (text, checkboxes), turned by these schemas
 * into the PATCH the shared settings schema checks, with its messages.
 */

type Hours = Settings['hours'];
/** A weekday while it is edited: a closed day keeps the times typed for it. */
export type DayDraft = { isOpen: boolean; open: string; close: string };
export type HoursDrafts = Record<WeekdayKey, DayDraft>;

const dayDraftSchema = z.object({ isOpen: z.boolean(), open: z.string(), close: z.string() }).transform((d, ctx) => (d.isOpen ? checkWith(dayHoursSchema, { open: d.open, close: d.close }, ctx) : null));

/** Field names follow the PATCH (`hours.2.close`), so the server's messages land on the same fields. */
export const hoursFormSchema = z.object({
  hours: z.object(Object.fromEntries(WEEKDAY_KEYS.map((d) => [d, dayDraftSchema])) as Record<WeekdayKey, typeof dayDraftSchema>),
});

export function draftsOf(hours: Hours, previous?: HoursDrafts): HoursDrafts {
  return Object.fromEntries(
    WEEKDAY_KEYS.map((d) => {
      const h = hours[d];
      return [d, h ? { isOpen: true, open: h.open, close: h.close } : { isOpen: false, open: previous?.[d].open ?? '09:00', close: previous?.[d].close ?? '17:00' }];
    }),
  ) as HoursDrafts;
}

/** The business details' boxes are the shared schema's fields; the PATCH puts them under `business`. */
export const businessFormSchema = businessSchema.transform((business) => ({ business }));

export const bookingRulesFormSchema = z.object({
  bookingWindowDays: numberText(settingsSchema.shape.bookingWindowDays),
  minNoticeHours: numberText(settingsSchema.shape.minNoticeHours),
});

/** How many crews the crews box says while it holds a valid count; else `saved` (the count saved). */
export function crewCountOf(text: string | undefined, saved: number): number {
  const parsed = settingsSchema.shape.crews.safeParse(Number(text));
  return text?.trim() && parsed.success ? parsed.data : saved;
}

/** A crew's size as its select holds it ("1" or "2"); a select not read yet is a crew of the default size. */
const crewSizeOf = (text: string | undefined): 1 | 2 => (text === '1' ? 1 : 2);

export const scheduleFormSchema = z
  .object({
    travelBufferMinutes: numberText(settingsSchema.shape.travelBufferMinutes),
    crews: numberText(settingsSchema.shape.crews),
    // One select per crew, as many as the crews box says; those past it are left out.
    crewSizes: z.array(z.string().optional()),
    // One message for the box, whichever ZIP is wrong.
    serviceZips: z.string().transform((text, ctx) => checkWith(settingsSchema.shape.serviceZips, parseZips(text), ctx, [])),
  })
  .transform(({ crewSizes, ...patch }) => ({ ...patch, crewSizes: crewSizesFor(crewSizes.map(crewSizeOf), patch.crews) }));

export const CHOOSE_DATE_MESSAGE = 'Choose a date to close.';
export const closedDateFormSchema = z.object({ date: z.string().min(1, CHOOSE_DATE_MESSAGE).pipe(isoDateSchema) });

export const TAX_PERCENT_MESSAGE = 'Enter the tax rate as a percent from 0 to 25, such as 9.5 or 10.25';

/** "9.5", "10.25 %" → 950, 1025 basis points; null when it is not a percent from 0 to 25 with at most two decimals. */
export function percentToBps(text: string): number | null {
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?\s*%?$/.exec(text.trim());
  if (!match) return null;
  const bps = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bps <= 2500 ? bps : null;
}

/** 950 → "9.5", 1025 → "10.25", 0 → "0". */
export const bpsToPercent = (bps: number) => String(bps / 100);

/** The invoices' settings: the tax rate on materials lines, typed as a percent. */
export const invoiceSettingsFormSchema = z.object({
  materialsTaxRateBps: z.string().transform((text, ctx) => {
    const bps = percentToBps(text);
    if (bps === null) ctx.addIssue({ code: 'custom', message: TAX_PERCENT_MESSAGE });
    return bps ?? z.NEVER;
  }),
});
