import type { Db } from '../db/client';
import { claimDueEmails, markEmailFailed, markEmailSent } from '../db/repositories/outbox';
import type { Mailer } from './mailer';

export const OUTBOX_MAX_ATTEMPTS = 8;
const LEASE_MS = 2 * 60_000;

/** Delay before retry number `attempt` (1-based): 30 s, 1 min, 2 min, ... capped at 1 hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 2 ** (attempt - 1), 60 * 60_000);
}

export interface OutboxDeps {
  db: Db;
  mailer: Mailer;
  now: () => Date;
  from: string;
  log?: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

/**
 * Sends the emails that are due, once each. A failure is recorded and retried later with
 * backoff; after the last attempt the email is marked failed and kept for the owner to see.
 */
export async function sendDueEmails(deps: OutboxDeps, batchSize = 20): Promise<{ sent: number; failed: number }> {
  const claimed = await claimDueEmails(deps.db, deps.now(), batchSize, LEASE_MS);
  let sent = 0;
  let failed = 0;
  for (const email of claimed) {
    try {
      await deps.mailer.send({
        from: deps.from,
        to: email.toAddress,
        subject: email.subject,
        text: email.textBody,
        html: email.htmlBody,
        attachments: email.attachments,
      });
      await markEmailSent(deps.db, email.id, deps.now());
      sent++;
    } catch (err) {
      failed++;
      const message = err instanceof Error ? err.message : String(err);
      const giveUp = email.attempts >= OUTBOX_MAX_ATTEMPTS;
      const next = giveUp ? null : new Date(deps.now().getTime() + retryDelayMs(email.attempts));
      await markEmailFailed(deps.db, email.id, message, next);
      (giveUp ? deps.log?.error : deps.log?.warn)?.({ emailId: email.id, attempt: email.attempts, err: message }, giveUp ? 'email gave up' : 'email send failed; will retry');
    }
  }
  return { sent, failed };
}
