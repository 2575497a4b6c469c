import { claimDueEmails, enqueueEmailJob, markEmailFailed, markEmailSent, pendingEmailWaitsUntil, type EmailRow } from '../repositories/outbox';
import { outboxWorker, recordFailedSend, type Outbox, type OutboxWorkerDeps } from './outbox-runner';
import { ATTACHMENT_GONE_MESSAGE, renderAttachments } from './attachments';
import { LINK_GONE_MESSAGE, mintLinkToken, withLinkToken } from './links';
import type { Mailer, MailMessage } from './mailer';

export const OUTBOX_MAX_ATTEMPTS = 8;

export type OutboxDeps = OutboxWorkerDeps & { mailer: Mailer };

/** The email outbox for the shared runner (outbox-runner.ts). */
function emailOutbox(deps: OutboxDeps): Outbox<EmailRow> {
  return { claim: claimDueEmails, waitsUntil: pendingEmailWaitsUntil, enqueue: enqueueEmailJob, markFailed: markEmailFailed, send: (email) => sendEmailRow(deps, email) };
}

/**
 * sendDueEmails: the sweep, a recurring job, sends the due emails that no `send-email` job did
 * (an instance killed mid-send, a restored backup). sendQueuedEmail(deps, emailId): the
 * `send-email` job of one email, queued with it. A failure is recorded and retried later with
 * backoff; after the last attempt the email is marked failed and kept for the owner to see.
 */
export const { sendDue: sendDueEmails, sendQueued: sendQueuedEmail } = outboxWorker(emailOutbox);

/**
 * The message of a claimed email, its files made now (services/attachments.ts) and the token of
 * its private link (if any) made now and put in text, html and text attachments; a string saying
 * why not when a file's or the link's record is gone.
 */
async function composeEmail(deps: OutboxDeps, email: EmailRow): Promise<MailMessage | string> {
  const attachments = await renderAttachments(deps.db, email.attachments);
  if (!attachments) return ATTACHMENT_GONE_MESSAGE;
  const message: MailMessage = { from: deps.from, to: email.toAddress, subject: email.subject, text: email.textBody, html: email.htmlBody, attachments };
  if (!email.linkKind || email.linkRef === null) return message;
  const token = await mintLinkToken(deps.db, email.linkKind, email.linkRef, deps.now());
  if (token === null) return LINK_GONE_MESSAGE;
  return {
    ...message,
    text: withLinkToken(message.text, token),
    html: message.html ? withLinkToken(message.html, token) : message.html,
    attachments: attachments.map((a) => (typeof a.content === 'string' ? { ...a, content: withLinkToken(a.content, token) } : a)),
  };
}

/** Sends one claimed email; true when the mail server took it. */
async function sendEmailRow(deps: OutboxDeps, email: EmailRow): Promise<boolean> {
  const message = await composeEmail(deps, email);
  if (typeof message === 'string') {
    await markEmailFailed(deps.db, email.id, message, null);
    deps.log?.warn({ emailId: email.id, kind: email.kind }, message === LINK_GONE_MESSAGE ? 'email not sent: its link is no longer valid' : 'email not sent: its attachment could not be made');
    return false;
  }
  let sendError: unknown = null;
  try {
    await deps.mailer.send(message);
  } catch (err) {
    sendError = err;
  }
  if (sendError === null) {
    // The mail server has it. Failing to record that (the database went away) is not a failed
    // send, which would be retried: it stops the batch, and the lease keeps the email from
    // being sent again unless the database stays away longer than the lease.
    await markEmailSent(deps.db, email.id, deps.now());
    return true;
  }
  const error = sendError instanceof Error ? sendError.message : String(sendError);
  return recordFailedSend(deps, emailOutbox(deps), email, {
    error,
    giveUp: email.attempts >= OUTBOX_MAX_ATTEMPTS,
    what: 'email',
    details: { emailId: email.id, attempt: email.attempts, err: error },
  });
}
