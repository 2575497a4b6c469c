import { claimDueTexts, enqueueTextJob, markTextFailed, markTextSent, pendingTextWaitsUntil, type TextRow } from '../repositories/sms-outbox';
import { outboxWorker, recordFailedSend, type Outbox, type OutboxWorkerDeps } from './outbox-runner';
import { LINK_GONE_MESSAGE, mintLinkToken, withLinkToken } from './links';
import { isPermanentSmsError, type SmsSender } from './sms-sender';

/**
 * Tries per text. Fewer than the emails': with the backoff of the email outbox (30 s, 1 min,
 * 2 min, ...) the last try is about half an hour after the first, and an "On my way" or a
 * reminder much later than that says something no longer true.
 */
export const SMS_MAX_ATTEMPTS = 6;

export type SmsOutboxDeps = OutboxWorkerDeps & { sender: SmsSender };

/** The text outbox for the shared runner (outbox-runner.ts). */
function textOutbox(deps: SmsOutboxDeps): Outbox<TextRow> {
  return { claim: claimDueTexts, waitsUntil: pendingTextWaitsUntil, enqueue: enqueueTextJob, markFailed: markTextFailed, send: (text) => sendTextRow(deps, text) };
}

/**
 * sendDueTexts, the sweep, and sendQueuedText(deps, textId), the `send-text` job of one text (see
 * the email outbox). A failure is recorded and retried later with backoff; after the last try, or
 * when the provider refuses the message for good, the text is marked failed and kept.
 */
export const { sendDue: sendDueTexts, sendQueued: sendQueuedText } = outboxWorker(textOutbox);

/** Sends one claimed text; true when the provider took it. */
async function sendTextRow(deps: SmsOutboxDeps, text: TextRow): Promise<boolean> {
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
  return recordFailedSend(deps, textOutbox(deps), text, {
    error: message,
    giveUp: text.attempts >= SMS_MAX_ATTEMPTS || isPermanentSmsError(sendError),
    what: 'text message',
    details: { smsId: text.id, kind: text.kind, attempt: text.attempts, err: message },
  });
}
