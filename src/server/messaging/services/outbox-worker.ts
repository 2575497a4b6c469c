import type { Db } from '../../db/client';
import { claimDueEmails, enqueueEmailJob, markEmailFailed, markEmailSent, pendingEmailWaitsUntil } from '../repositories/outbox';
import { sendDueRows, sendQueuedRow, type Outbox } from './outbox-runner';
import { LINK_GONE_MESSAGE, mintLinkToken, withLinkToken } from './links';
import type { Mailer, MailMessage } from './mailer';

export const OUTBOX_MAX_ATTEMPTS = 8;

/**
 * Delay before retry number `attempt` (1-based): 30 s, 1 min, 2 min, ... capped at 1 hour, times
 * `scale` (OUTBOX_BACKOFF_SCALE: 1 in production, small in the fault suite).
 */
export function retryDelayMs(attempt: number, scale = 1): number {
  return Math.min(30_000 * 2 ** (attempt - 1), 60 * 60_000) * scale;
}

export interface OutboxDeps {
  db: Db;
  mailer: Mailer;
  now: () => Date;
  from: string;
  /** Multiplies the retry delays; 1 when unset. */
  backoffScale?: number;
  log?: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

type ClaimedEmail = Awaited<ReturnType<typeof claimDueEmails>>[number];

/**
 * Sends the emails that are due, once each. A failure is recorded and retried later with
 * backoff; after the last attempt the email is marked failed and kept for the owner to see.
 * The queue's `send-email` jobs send each email as it is queued (sendQueuedEmail); this sweep,
 * a recurring job, sends what no job did (an instance killed mid-send, a restored backup).
 */
export async function sendDueEmails(deps: OutboxDeps, batchSize = 20): Promise<{ sent: number; failed: number }> {
  return sendDueRows(emailOutbox(deps), deps.db, deps.now(), batchSize);
}

/**
 * The `send-email` job: sends outbox row `emailId` if it is due and no one else holds it. A row
 * not due yet (its retry time, or another instance's lease) gets a job for that time; a row
 * sent or given up ends the job. Returns what happened.
 */
export async function sendQueuedEmail(deps: OutboxDeps, emailId: number): Promise<'sent' | 'failed' | 'later' | 'done'> {
  return sendQueuedRow(emailOutbox(deps), deps.db, deps.now, emailId);
}

/** The email outbox for the shared runner (outbox-runner.ts). */
function emailOutbox(deps: OutboxDeps): Outbox<ClaimedEmail> {
  return { claim: claimDueEmails, waitsUntil: pendingEmailWaitsUntil, enqueue: enqueueEmailJob, send: (email) => sendClaimedEmail(deps, email) };
}

/**
 * The message of a claimed email, with the token of its private link (if any) made now and put in
 * text, html and attachments; null when the link's record is gone.
 */
async function composeEmail(deps: OutboxDeps, email: ClaimedEmail): Promise<MailMessage | null> {
  const message: MailMessage = { from: deps.from, to: email.toAddress, subject: email.subject, text: email.textBody, html: email.htmlBody, attachments: email.attachments };
  if (!email.linkKind || email.linkRef === null) return message;
  const token = await mintLinkToken(deps.db, email.linkKind, email.linkRef, deps.now());
  if (token === null) return null;
  return {
    ...message,
    text: withLinkToken(message.text, token),
    html: message.html ? withLinkToken(message.html, token) : message.html,
    attachments: message.attachments?.map((a) => ({ ...a, content: withLinkToken(a.content, token) })),
  };
}

/** Sends one claimed email; true when the mail server took it. */
async function sendClaimedEmail(deps: OutboxDeps, email: ClaimedEmail): Promise<boolean> {
  const message = await composeEmail(deps, email);
  if (!message) {
    await markEmailFailed(deps.db, email.id, LINK_GONE_MESSAGE, null);
    deps.log?.warn({ emailId: email.id, kind: email.kind }, 'email not sent: its link is no longer valid');
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
  const giveUp = email.attempts >= OUTBOX_MAX_ATTEMPTS;
  const next = giveUp ? null : new Date(deps.now().getTime() + retryDelayMs(email.attempts, deps.backoffScale));
  // The retry's job is added with the row's new state, in one transaction.
  await deps.db.transaction(async (tx) => {
    await markEmailFailed(tx, email.id, error, next);
    if (next) await enqueueEmailJob(tx, email.id, next);
  });
  // Called as methods: pino's need their `this`; a detached call threw here and left the
  // rest of the batch leased and unsent.
  const details = { emailId: email.id, attempt: email.attempts, err: error };
  if (giveUp) deps.log?.error(details, 'email gave up');
  else deps.log?.warn(details, 'email send failed; will retry');
  return false;
}
