import { z } from 'zod';
import { adminBookingJobShape } from './booking-job';
import { isoDateSchema } from './common';
import { centsSchema, instantSchema } from './fields';
import { INVOICE_STATUSES } from './invoices';

/** The widest agenda asked at once: two weeks. */
export const AGENDA_MAX_DAYS = 14;

export const AGENDA_DAYS_MESSAGE = `Choose from 1 to ${AGENDA_MAX_DAYS} days`;

/** GET /api/admin/agenda?from=yyyy-MM-dd&days=1..14 (days defaults to 1). */
export const agendaQuerySchema = z.object({
  from: isoDateSchema,
  days: z
    .string({ error: AGENDA_DAYS_MESSAGE })
    .regex(/^\d{1,2}$/, AGENDA_DAYS_MESSAGE)
    .transform(Number)
    .pipe(z.number().int().min(1, AGENDA_DAYS_MESSAGE).max(AGENDA_MAX_DAYS, AGENDA_DAYS_MESSAGE))
    .optional()
    .default(1),
});
export type AgendaQuery = z.infer<typeof agendaQuerySchema>;

/**
 * The deposit of a job in one word for programs: not paid, paid, or where its refund stands
 * (refund_pending: started, not arrived; refund_failed: the owner retries; kept: a late
 * cancellation kept it).
 */
export const DEPOSIT_STATES = ['unpaid', 'paid', 'refund_pending', 'refunded', 'refund_failed', 'kept'] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];

/** A booking's job on the agenda. Instants are ISO; the labels are on the business clock. */
export const agendaJobSchema = z.object({
  id: z.number(),
  status: z.string(),
  startsAt: instantSchema,
  /** The end of the job itself: start + durationMinutes, without the travel buffer. */
  endsAt: instantSchema,
  /** "9:00 AM" */
  startTime: z.string(),
  /** "10:30 AM" */
  endTime: z.string(),
  durationMinutes: z.number(),
  serviceType: z.string(),
  serviceName: z.string(),
  crew: z.number(),
  customerName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  deposit: z.object({ state: z.enum(DEPOSIT_STATES), amount: centsSchema }),
  notes: z.string().nullable(),
  /** true: the ZIP is in the service area; null: the address has no ZIP ("area not checked"). */
  areaChecked: z.boolean().nullable(),
  /** The Today screen offers "On my way": texts are set up, the customer asked for them, and the job is today's. */
  canSendOnMyWay: z.boolean(),
  /** How long the job really took, when the owner said so on completing it (minutes). */
  actualMinutes: z.number().optional(),
  /** The job's invoice once completed (made as a draft then): where it stands and what is still owed. */
  invoice: z
    .object({ id: z.number(), number: z.string().nullable(), status: z.enum(INVOICE_STATUSES), totalCents: centsSchema, balanceCents: centsSchema })
    .nullable(),
  ...adminBookingJobShape,
});
export type AgendaJob = z.infer<typeof agendaJobSchema>;

/**
 * A stretch of time taken from every crew on the day (a business block or an imported busy
 * time), clipped to the day. A label is null where the stretch runs on past the day's edge:
 * startTime null = since before midnight, endTime null = until after midnight.
 */
export const agendaTimeSchema = z.object({
  startsAt: instantSchema,
  endsAt: instantSchema,
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
});
export type AgendaTime = z.infer<typeof agendaTimeSchema>;

export const agendaDaySchema = z.object({
  date: z.string(),
  /** The weekday's hours ("HH:mm" on the business clock); null when the business is closed that day. */
  hours: z.object({ open: z.string(), close: z.string() }).nullable(),
  /** null: open; 'closed_date': one of the owner's closed dates; 'weekday': no hours on that weekday. */
  closed: z.enum(['closed_date', 'weekday']).nullable(),
  crews: z.number(),
  /** In time order, then by crew. */
  jobs: z.array(agendaJobSchema),
  blocks: z.array(agendaTimeSchema),
  busy: z.array(agendaTimeSchema),
});
export type AgendaDay = z.infer<typeof agendaDaySchema>;

export const agendaSchema = z.object({
  /** Today on the business clock, so the screen's "Today" is the business's, not the phone's. */
  today: z.string(),
  days: z.array(agendaDaySchema),
});
export type Agenda = z.infer<typeof agendaSchema>;

/** A Google Maps search for an address: opens the maps app on a phone. */
export function mapsUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}
