import type { Db } from '../../db/client';
import { claimDueTexts, enqueueTextJob, markTextFailed, markTextSent, pendingTextWaitsUntil } from '../repositories/sms-outbox';
import { retryDelayMs } from './outbox-worker';
import { LINK_GONE_MESSAGE, mintLinkToken, withLinkToken } from './links';
import { isPermanentSmsError, type SmsSender } from './sms-sender';

/**
 * Tries per text. Fewer than the emails': with the backoff of the email outbox (30 s, 1 min,
 * 2 min, ...) the last try is about half an hour after the first, and an "On my way" or a
 * reminder much later than that says something no longer true.
 */
export const SMS_MAX_ATTEMPTS = 6;
const LEASE_MS = 2 * 60_000;
/** A job that finds its row not yet due comes back no sooner than this. */
const MIN_RECHECK_MS = 1_000;

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
  const claimed = await claimDueTexts(deps.db, deps.now(), batchSize, LEASE_MS);
  let sent = 0;
  let failed = 0;
  for (const text of claimed) {
    if (await sendClaimedText(deps, text)) sent++;
    else failed++;
  }
  return { sent, failed };
}

/** The `send-text` job: sends row `textId` if due and free, else comes back when it may be (see sendQueuedEmail). */
export async function sendQueuedText(deps: SmsOutboxDeps, textId: number): Promise<'sent' | 'failed' | 'later' | 'done'> {
  const [text] = await claimDueTexts(deps.db, deps.now(), 1, LEASE_MS, textId);
  if (text) return (await sendClaimedText(deps, text)) ? 'sent' : 'failed';
  const waitsUntil = await pendingTextWaitsUntil(deps.db, textId);
  if (!waitsUntil) return 'done';
  const earliest = deps.now().getTime() + MIN_RECHECK_MS;
  await enqueueTextJob(deps.db, textId, new Date(Math.max(waitsUntil.getTime(), earliest)));
  return 'later';
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
