import type { ContactInput } from '../../shared/schemas/contact';
import type { Db } from '../db/client';
import { insertContactSubmission, setContactBotCheck } from '../db/repositories/contact';
import { AppError } from '../errors';
import { RECAPTCHA_FAILED_MESSAGE, type RecaptchaOutcome } from './recaptcha';
import { queueEmail } from '../db/repositories/outbox';
import { contactAcknowledgementEmail, contactToBusinessEmail } from './emails/contact-emails';

export const CONTACT_THANKS = "Thank you for contacting us. We'll get back to you soon!";

/**
 * A message is never lost: it is stored before anything that can fail (the bot check asks a
 * remote service). Then, with the check's verdict, the email to the business and the
 * acknowledgement are queued in one transaction. A failed check keeps the row (marked failed, not
 * emailed) and answers RECAPTCHA_FAILED; a check that could not run lets the message through.
 */
export async function submitContactMessage(
  db: Db,
  input: Omit<ContactInput, 'recaptchaToken'>,
  opts: { now: Date; businessEmail: string; botCheck: () => Promise<RecaptchaOutcome> },
) {
  const submission = { fullName: input.fullName, email: input.email, subject: input.subject, message: input.message };
  const row = await insertContactSubmission(db, submission, opts.now);
  const verdict = await opts.botCheck();
  await db.transaction(async (tx) => {
    await setContactBotCheck(tx, row.id, verdict);
    if (verdict === 'failed') return;
    const message = { id: row.id, ...submission };
    await queueEmail(tx, contactToBusinessEmail(opts.businessEmail, message));
    await queueEmail(tx, contactAcknowledgementEmail(message));
  });
  if (verdict === 'failed') throw new AppError(RECAPTCHA_FAILED_MESSAGE, 'RECAPTCHA_FAILED');
  return { id: row.id };
}
