import type { OutgoingEmail } from '../../db/repositories/outbox';
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

/** The acknowledgement the sender receives. */
export function contactAcknowledgementEmail(msg: ContactMessage, o: { business: BusinessFacts }): OutgoingEmail {
  const { business } = o;
  const { text, html } = renderEmail({
    business,
    heading: `Thanks for reaching out, ${msg.fullName}`,
    paragraphs: [
      `We received your message and will get back to you soon, usually within one business day.`,
      `If it is urgent, call us at ${business.phone}.`,
      `Your message: "${msg.message}"`,
    ],
    details: [['Subject', msg.subject]],
  });
  return {
    kind: 'contact-ack',
    to: msg.email,
    subject: `We received your message | ${business.name}`,
    text,
    html,
    dedupeKey: `contact-ack-${msg.id}`,
  };
}
