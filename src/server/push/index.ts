/**
 * Push: Web Push notifications to the owner's devices (decision 0023): the VAPID keys, the
 * devices and the events each wants, notices queued with the change that causes them and sent
 * by the job queue once per event and device.
 *
 * The domain's entry file: other domains, app.ts and the plugins import from here only.
 */
export { adminPushRoutes } from './routes/admin-push';
export { ensureVapidKeys } from './services/keys';
export {
  bookingCancelledNotice,
  bookingPaidNotice,
  calendarFailingNotice,
  contactMessageNotice,
  estimateRequestedNotice,
  invoicePaidNotice,
  queuePush,
} from './services/notices';
export type { PushNotice } from './services/notices';
export { sendPushEvent } from './services/send';
export type { SendPushDeps } from './services/send';
export { deleteFinishedPushEvents } from './repositories/push';
