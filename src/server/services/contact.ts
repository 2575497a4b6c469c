import type { ContactInput } from '../../shared/schemas/contact';
import type { Db } from '../db/client';
import { insertContactSubmission } from '../db/repositories/contact';
import { queueEmail } from '../db/repositories/outbox';
import { contactAcknowledgementEmail, contactToBusinessEmail } from './emails/contact-emails';

export const CONTACT_THANKS = "Thank you for contacting us. We'll get back to you soon!";

/**
 * Stores a contact message and, in the same transaction, queues the email to the business and
 * the acknowledgement to the sender: the message is kept even if mail is down, and no email
 * goes out for a message that was not stored.
 */
export async function submitContactMessage(db: Db, input: Omit<ContactInput, 'recaptchaToken'>, opts: { now: Date; businessEmail: string }) {
  const submission = { fullName: input.fullName, email: input.email, subject: input.subject, message: input.message };
  return db.transaction(async (tx) => {
    const row = await insertContactSubmission(tx, submission, opts.now);
    const message = { id: row.id, ...submission };
    await queueEmail(tx, contactToBusinessEmail(opts.businessEmail, message));
    await queueEmail(tx, contactAcknowledgementEmail(message));
    return { id: row.id };
  });
}
