import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { emailOutbox } from '../../src/server/db/schema';
import type { MailMessage } from '../../src/server/messaging/services/mailer';
import { sendQueuedEmail } from '../../src/server/messaging/services/outbox-worker';

/**
 * Sends queued email `id` now, as its job would, through a mail server that keeps what it is
 * handed, and returns that message: the private link's token is made when an email goes out, so a
 * queued row holds only a placeholder (decision 0016). The row is made due on the app's clock
 * first (its `next_attempt_at` defaults to the database's clock, which a fixed test clock may
 * precede). Throws when the email was not sent.
 */
export async function sendEmailNow(app: FastifyInstance, id: number): Promise<MailMessage> {
  await app.db.update(emailOutbox).set({ nextAttemptAt: app.now() }).where(eq(emailOutbox.id, id));
  const sent: MailMessage[] = [];
  const mailer = { target: 'test', send: async (m: MailMessage) => void sent.push(m), close: () => {} };
  const outcome = await sendQueuedEmail({ db: app.db, mailer, now: app.now, from: app.config.mailFrom }, id);
  if (outcome !== 'sent' || sent.length !== 1) throw new Error(`email ${id} was not sent (${outcome})`);
  return sent[0];
}

/** The text of queued email `id` as it is sent (see sendEmailNow). */
export async function sentText(app: FastifyInstance, id: number): Promise<string> {
  return (await sendEmailNow(app, id)).text;
}
