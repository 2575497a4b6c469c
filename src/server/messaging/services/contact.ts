import type { ContactInput } from '../../../shared/schemas/contact';
import type { Db, DbOrTx } from '../../db/client';
import { insertContactSubmission, listPendingContactSubmissions, setContactBotCheck } from '../repositories/contact';
import { AppError } from '../../errors';
import { RECAPTCHA_FAILED_MESSAGE, type RecaptchaOutcome } from '../../accounts';
import { queueEmail } from '../repositories/outbox';
import { businessFacts } from './email-facts';
import { contactAcknowledgementEmail, contactToBusinessEmail, type ContactMessage } from '../emails/contact-emails';
import { todayInZone } from '../../schedule';
import { contactMessageNotice, queuePush } from '../../push';

export const CONTACT_THANKS = "Thank you for contacting us. We'll get back to you soon!";

/**
 * A message whose bot check is still pending after this long was left by a crash or restart
 * between storing it and recording the verdict (the check itself gives up after 5 s).
 */
export const STALE_BOT_CHECK_MS = 5 * 60_000;

interface VerdictOptions {
  now: Date;
  businessEmail: string;
  /** The business's zone: "a day" of the acknowledgement limit is the business's day. */
  timeZone: string;
  /** reCAPTCHA keys are set: a message the verifier could not vouch for gets no acknowledgement. */
  isBotCheckOn: boolean;
}

/**
 * Whether the sender's address gets the acknowledgement (of a contact message or an estimate
 * request). Never after a failed check; with the bot check on, not when the verifier could not be
 * reached either (the message still goes to the business): otherwise a bot gets mail sent to any
 * address whenever the verifier is down.
 */
export function acknowledges(verdict: RecaptchaOutcome, isBotCheckOn: boolean): boolean {
  return verdict === 'passed' || verdict === 'off' || (verdict === 'unavailable' && !isBotCheckOn);
}

/**
 * Records the verdict of a pending message and, unless it failed, queues the email to the
 * business and (see acknowledges) the acknowledgement, in the caller's transaction. Only the run
 * that moves the message out of `pending` queues anything; the outbox's dedupe keys guard the
 * emails as well, and allow one acknowledgement per address and day.
 */
async function recordVerdict(tx: DbOrTx, message: ContactMessage, verdict: RecaptchaOutcome, opts: VerdictOptions): Promise<boolean> {
  if (!(await setContactBotCheck(tx, message.id, verdict))) return false;
  if (verdict === 'failed') return true;
  const business = await businessFacts(tx);
  await queueEmail(tx, contactToBusinessEmail(message, { to: opts.businessEmail, business }));
  if (acknowledges(verdict, opts.isBotCheckOn)) {
    await queueEmail(tx, contactAcknowledgementEmail(message.email, { business, day: todayInZone(opts.now, opts.timeZone) }));
  }
  await queuePush(tx, contactMessageNotice(message), opts.now);
  return true;
}

/**
 * A message is never lost: it is stored before anything that can fail (the bot check asks a
 * remote service). Then, with the check's verdict, the email to the business and the
 * acknowledgement are queued in one transaction. A failed check keeps the row (marked failed, not
 * emailed) and answers RECAPTCHA_FAILED; a check that could not run lets the message through to
 * the business, unacknowledged. A crash between the two steps leaves the message pending:
 * finishStaleContactMessages ends it.
 */
export async function submitContactMessage(
  db: Db,
  input: Omit<ContactInput, 'recaptchaToken'>,
  opts: VerdictOptions & { botCheck: () => Promise<RecaptchaOutcome> },
) {
  const submission = { fullName: input.fullName, email: input.email, subject: input.subject, message: input.message };
  const row = await insertContactSubmission(db, submission, opts.now);
  const verdict = await opts.botCheck();
  await db.transaction((tx) => recordVerdict(tx, { id: row.id, ...submission }, verdict, opts));
  if (verdict === 'failed') throw new AppError(RECAPTCHA_FAILED_MESSAGE, 'RECAPTCHA_FAILED');
  return { id: row.id };
}

/**
 * The recovery job: a message stored but never given a verdict (the process died in between) is
 * treated as when the verifier cannot be reached: it goes through, marked `unavailable`, and its
 * emails are queued, once, in the transaction that changes its status. Safe to run on several
 * instances and to repeat. Returns how many messages it finished.
 */
export async function finishStaleContactMessages(db: Db, opts: VerdictOptions & { limit?: number }): Promise<number> {
  const stale = await listPendingContactSubmissions(db, new Date(opts.now.getTime() - STALE_BOT_CHECK_MS), opts.limit ?? 100);
  let finished = 0;
  for (const message of stale) {
    if (await db.transaction((tx) => recordVerdict(tx, message, 'unavailable', opts))) finished++;
  }
  return finished;
}
