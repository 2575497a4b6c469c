import type { OutgoingEmail } from '../repositories/outbox';
import type { BusinessFacts } from './format';
import { renderEmail } from './layout';

export interface ContactMessage {
  id: number;
  fullName: string;
  email: string;
  subject: string;
  message: string;
}

/** Subjects may not carry line breaks into a mail header. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

/** The message as the business receives it; replying goes to the sender (stated in the text). */
export function contactToBusinessEmail(msg: ContactMessage, o: { to: string; business: BusinessFacts }): OutgoingEmail {
  const { text, html } = renderEmail({
    business: o.business,
    heading: 'New message from the website',
    paragraphs: [
      `${msg.fullName} sent a message through the contact form. Reply to ${msg.email} to answer them.`,
      msg.message,
    ],
    details: [
      ['From', msg.fullName],
      ['Reply to', msg.email],
      ['Subject', msg.subject],
      ['Message #', String(msg.id)],
    ],
  });
  return {
    kind: 'contact-business',
    to: o.to,
    subject: oneLine(`Website message: ${msg.subject}`).slice(0, 250),
    text,
    html,
    dedupeKey: `contact-business-${msg.id}`,
  };
}

/** The acknowledgements one address gets on one day (the business's): the first message's only. */
export function contactAcknowledgementKey(to: string, day: string): string {
  return `contact-ack-${day}-${to.trim().toLowerCase()}`;
}

/**
 * The acknowledgement the sender receives: fixed words and the business's own facts, nothing the
 * sender typed (not their name, subject or message). Anyone can type any address into the form,
 * so an echo would let them send their text from the business's domain, signed and passing SPF.
 * Keyed by address and day: at most one a day per address, on every instance (the outbox's
 * unique dedupe key decides between concurrent messages).
 */
export function contactAcknowledgementEmail(to: string, o: { business: BusinessFacts; day: string }): OutgoingEmail {
  const { business } = o;
  const { text, html } = renderEmail({
    business,
    heading: 'Thanks for reaching out',
    paragraphs: [`We received your message and will get back to you soon, usually within one business day.`, `If it is urgent, call us at ${business.phone}.`],
  });
  return {
    kind: 'contact-ack',
    to,
    subject: `We received your message | ${business.name}`,
    text,
    html,
    dedupeKey: contactAcknowledgementKey(to, o.day),
  };
}
