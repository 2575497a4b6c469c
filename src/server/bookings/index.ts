/**
 * Bookings: the booking flow with its deposit and payment, the guest's manage link and My Bookings,
 * the owner's booking list, status changes, refunds, moves and crews, reminders and holds, the
 * bookings calendar feed and .ics files, and the owner's figures.
 *
 * The domain's entry file: other domains, app.ts and the plugins import from here only.
 */
export { lockBookingById } from './repositories/bookings';
export { adminStatsRoutes } from './routes/admin-stats';
export { adminBookingsRoutes } from './routes/admin';
export { bookingRoutes } from './routes/bookings';
export { dashboardMoveRoutes } from './routes/dashboard-move';
export { dashboardRoutes } from './routes/dashboard';
export { manageRoutes } from './routes/manage';
export { toAdminBooking } from './services/admin-bookings';
export { calendarFeed } from './services/bookings-feed';
export { appointmentIcs, bookingsFeedIcs } from './services/bookings-ics';
export type { IcsBooking } from './services/bookings-ics';
export { expireHolds, reconcilePayments, reconcileRefunds, sendReminders } from './services/bookings-jobs';
export { paymentDeps } from './services/bookings-payments';
export type { PaymentDeps } from './services/bookings-payments';
export { askForRefund, nextRefund, refundStateOf } from './services/refunds';
export type { RefundNews } from './services/refunds';
export { mintManageToken } from './services/manage';
export { REMINDER_HOURS } from './services/reminder-rule';
