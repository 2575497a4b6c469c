import { z } from 'zod';

/** What the owner may be told of by push, in the order the Notifications panel lists them. */
export const PUSH_EVENTS = ['booking_paid', 'booking_cancelled', 'estimate_requested', 'invoice_paid', 'contact_message', 'calendar_failing'] as const;
export type PushEvent = (typeof PUSH_EVENTS)[number];

/** The panel's words for each event. */
export const PUSH_EVENT_LABELS: Record<PushEvent, string> = {
  booking_paid: 'A paid booking',
  booking_cancelled: 'A cancellation',
  estimate_requested: 'An estimate request',
  invoice_paid: 'An invoice paid',
  contact_message: 'A new message',
  calendar_failing: 'A calendar feed failing',
};

export const ENDPOINT_MESSAGE = 'Enter the push service’s address: an https:// URL';
export const P256DH_MESSAGE = 'keys.p256dh must be the browser’s public key: 65 bytes in base64url (87 characters starting with B)';
export const AUTH_MESSAGE = 'keys.auth must be the browser’s auth secret: 16 bytes in base64url (22 characters)';
export const EVENTS_MESSAGE = `Choose events from: ${PUSH_EVENTS.join(', ')}`;

const endpointSchema = z
  .string({ error: ENDPOINT_MESSAGE })
  .max(2048, 'The push service’s address is longer than 2048 characters')
  .refine((v) => {
    try {
      const url = new URL(v);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, ENDPOINT_MESSAGE);

/**
 * The subscription's keys as `PushSubscription.toJSON()` gives them: base64url without padding.
 * An uncompressed P-256 point is 65 bytes starting 0x04, so its text starts with "B".
 */
const p256dhSchema = z.string({ error: P256DH_MESSAGE }).regex(/^B[A-Za-z0-9_-]{86}$/, P256DH_MESSAGE);
const authSchema = z.string({ error: AUTH_MESSAGE }).regex(/^[A-Za-z0-9_-]{21}[AQgw]$/, AUTH_MESSAGE);

export const pushEventsSchema = z
  .array(z.enum(PUSH_EVENTS, { error: EVENTS_MESSAGE }), { error: EVENTS_MESSAGE })
  .min(1, 'Choose at least one event to be told of')
  .max(PUSH_EVENTS.length * 2, EVENTS_MESSAGE);

export const createPushSubscriptionSchema = z.object({
  endpoint: endpointSchema,
  keys: z.object({ p256dh: p256dhSchema, auth: authSchema }, { error: 'keys must hold p256dh and auth' }),
  events: pushEventsSchema,
});
export type CreatePushSubscriptionInput = z.infer<typeof createPushSubscriptionSchema>;

export const deletePushSubscriptionSchema = z.object({ endpoint: endpointSchema });
export type DeletePushSubscriptionInput = z.infer<typeof deletePushSubscriptionSchema>;

export const pushSubscriptionSchema = z.object({
  endpoint: z.string(),
  events: z.array(z.enum(PUSH_EVENTS)),
  createdAt: z.string(),
  lastSuccessAt: z.string().nullable(),
});
export type PushSubscriptionInfo = z.infer<typeof pushSubscriptionSchema>;

export const pushSubscriptionResponseSchema = z.object({ subscription: pushSubscriptionSchema });
export const pushSubscriptionsResponseSchema = z.object({ subscriptions: z.array(pushSubscriptionSchema) });
export const pushPublicKeySchema = z.object({ publicKey: z.string() });
