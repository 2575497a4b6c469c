/**
 * Messaging: emails and texts (templates, the outboxes and their senders), the contact form and
 * its messages, and the admin's lists of messages and unsent emails.
 *
 * The domain's entry file: other domains, app.ts and the plugins import from here only.
 */
export { cancellationEmails, ownerConfirmEmail, passwordResetEmail, rescheduleEmails } from './emails/account-emails';
export type { RefundOutcome } from './emails/account-emails';
export { bookingCancelledByBusinessEmail, bookingConfirmedByBusinessEmail, bookingIcs, bookingMovedEmail } from './emails/admin-emails';
export { bookingConfirmedEmail, bookingReminderEmail, newBookingEmail } from './emails/booking-emails';
export { formatCents, formatLongDate, serviceNameOf } from './emails/format';
export { invoiceEmail, invoiceReceiptEmail, invoiceReminderEmail, invoiceReminderTextBody, invoiceTextBody } from './emails/invoice-emails';
export type { InvoiceMessageFacts, InvoiceReceiptFacts } from './emails/invoice-emails';
export type { BusinessFacts } from './emails/format';
export { businessMovedEmail, customerMovedEmail } from './emails/manage-emails';
export { depositRefundedEmail, lateRefundEmail, refundFailedEmail } from './emails/refund-emails';
export { reviewRequestEmail } from './emails/review-emails';
export { queueEmail } from './repositories/outbox';
export type { OutgoingEmail } from './repositories/outbox';
export { queueText } from './repositories/sms-outbox';
export { adminMessagesRoutes } from './routes/admin-messages';
export { adminTextsRoutes } from './routes/admin-texts';
export { CONTACT_LIMIT, contactRoutes } from './routes/contact';
export { acknowledges, finishStaleContactMessages, submitContactMessage } from './services/contact';
export { estimateAdminUrl, queueNewEstimateMessages, queueQuoteMessages } from './services/estimate-messages';
export { bookingEmailFacts, businessFacts, withServiceName } from './services/email-facts';
export { LINK_TOKEN } from './services/links';
export type { LinkKind, LinkRef } from './services/links';
export { createMailer } from './services/mailer';
export type { Mailer } from './services/mailer';
export { sendDueEmails, sendQueuedEmail } from './services/outbox-worker';
export { sendDueTexts, sendQueuedText } from './services/sms-outbox-worker';
export { toUsE164 } from './services/phone';
export { createSmsSender } from './services/sms-sender';
export type { SmsSender } from './services/sms-sender';
export { canSendOnMyWay, canTextBooking, queueReminderText } from './services/texts';
