import type { Db } from '../../db/client';
import { claimDueTexts, enqueueTextJob, markTextFailed, markTextSent, pendingTextWaitsUntil } from '../repositories/sms-outbox';
import { retryDelayMs } from './outbox-worker';
import { sendDueRows, sendQueuedRow, type Outbox } from './outbox-runner';
import { LINK_GONE_MESSAGE, mintLinkToken, withLinkToken } from './links';
import { isPermanentSmsError, type SmsSender } from './sms-sender';

/**
 * Tries per text. Fewer than the emails': with the backoff of the email outbox (30 s, 1 min,
 * 2 min, ...) the last try is about half an hour after the first, and an "On my way" or a
 * reminder much later than that says something no longer true.
 */
export const SMS_MAX_ATTEMPTS = 6;

export interface SmsOutboxDeps {
  db: Db;
  sender: SmsSender;
  now: () => Date;
  /** The sending number (E.164). */
  from: string;
  /** Multiplies the retry delays; 1 when unset. */
  backoffScale?: number;
  log?: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

type ClaimedText = Awaited<ReturnType<typeof claimDueTexts>>[number];

/**
 * Sends the texts that are due, once each. A failure is recorded and retried later with backoff;
 * after the last try, or when the provider refuses the message for good, the text is marked
 * failed and kept. The queue's `send-text` jobs send each text as it is queued (sendQueuedText);
 * this sweep, a recurring job, sends what no job did.
 */
export async function sendDueTexts(deps: SmsOutboxDeps, batchSize = 20): Promise<{ sent: number; failed: number }> {
  return sendDueRows(textOutbox(deps), deps.db, deps.now(), batchSize);
}

/** The `send-text` job: sends row `textId` if due and free, else comes back when it may be (see sendQueuedEmail). */
export async function sendQueuedText(deps: SmsOutboxDeps, textId: number): Promise<'sent' | 'failed' | 'later' | 'done'> {
  return sendQueuedRow(textOutbox(deps), deps.db, deps.now, textId);
}

/** The text outbox for the shared runner (outbox-runner.ts). */
function textOutbox(deps: SmsOutboxDeps): Outbox<ClaimedText> {
  return { claim: claimDueTexts, waitsUntil: pendingTextWaitsUntil, enqueue: enqueueTextJob, send: (text) => sendClaimedText(deps, text) };
}

/** Sends one claimed text; true when the provider took it. */
async function sendClaimedText(deps: SmsOutboxDeps, text: ClaimedText): Promise<boolean> {
  // The token of its private link, if any, is made now (see the email outbox's composeEmail).
  const token = text.linkKind && text.linkRef !== null ? await mintLinkToken(deps.db, text.linkKind, text.linkRef, deps.now()) : undefined;
  if (token === null) {
    await markTextFailed(deps.db, text.id, LINK_GONE_MESSAGE, null);
    deps.log?.warn({ smsId: text.id, kind: text.kind }, 'text message not sent: its link is no longer valid');
    return false;
  }
  const body = token === undefined ? text.body : withLinkToken(text.body, token);
  let providerId: string | null = null;
  let sendError: unknown = null;
  try {
    providerId = (await deps.sender.send({ to: text.toPhone, from: deps.from, body })).id;
  } catch (err) {
    sendError = err;
  }
  if (providerId !== null) {
    // Twilio has it. Failing to record that (the database went away) is not a failed send: it
    // stops the batch, and the lease keeps the text from going out twice meanwhile.
    await markTextSent(deps.db, text.id, providerId, deps.now());
    return true;
  }
  const message = sendError instanceof Error ? sendError.message : String(sendError);
  const giveUp = text.attempts >= SMS_MAX_ATTEMPTS || isPermanentSmsError(sendError);
  const next = giveUp ? null : new Date(deps.now().getTime() + retryDelayMs(text.attempts, deps.backoffScale));
  await deps.db.transaction(async (tx) => {
    await markTextFailed(tx, text.id, message, next);
    if (next) await enqueueTextJob(tx, text.id, next);
  });
  // Called as methods: pino's need their `this`.
  const details = { smsId: text.id, kind: text.kind, attempt: text.attempts, err: message };
  if (giveUp) deps.log?.error(details, 'text message gave up');
  else deps.log?.warn(details, 'text message send failed; will retry');
  return false;
}
