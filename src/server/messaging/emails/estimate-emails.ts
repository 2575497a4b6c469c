import { DEPOSIT_CENTS } from '../../../shared/constants';
import { durationText } from '../../../shared/duration-text';
import type { QuoteLine } from '../../../shared/schemas/price-list';
import type { OutgoingEmail } from '../repositories/outbox';
import { formatCents, formatLongDate, type BusinessFacts } from './format';
import { renderEmail } from './layout';

/** A request for a free estimate as the emails name it (issue 22). */
export interface EmailEstimate {
  id: number;
  fullName: string;
  email: string;
  phone: string;
  address: string;
  description: string;
  preferredDays: string;
  /** false: the address has no ZIP, so the service area was not checked. */
  areaChecked: boolean;
  photoCount: number;
}

/** Subjects may not carry line breaks into a mail header. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

const photosText = (n: number) => `${n} photo${n === 1 ? '' : 's'}`;

/** To the business: everything the customer typed, and the link to the request in /admin. */
export function estimateToBusinessEmail(e: EmailEstimate, o: { to: string; business: BusinessFacts; adminUrl: string }): OutgoingEmail {
  const { text, html } = renderEmail({
    business: o.business,
    heading: 'New estimate request',
    paragraphs: [`${e.fullName} asked for a free estimate and sent ${photosText(e.photoCount)}. See the photos and send a quote: ${o.adminUrl}`, e.description],
    details: [
      ['Request #', String(e.id)],
      ['Name', e.fullName],
      ['Email', e.email],
      ['Phone', e.phone],
      ['Address', e.areaChecked ? e.address : `${e.address} (area not checked: no ZIP code)`],
      ['Preferred days', e.preferredDays || 'Not given'],
    ],
  });
  return {
    kind: 'estimate-business',
    to: o.to,
    subject: oneLine(`Estimate request #${e.id} from ${e.fullName}`).slice(0, 250),
    text,
    html,
    dedupeKey: `estimate-business-${e.id}`,
  };
}

/**
 * The acknowledgement the customer receives: fixed words and the business's own facts, nothing
 * typed (anyone can type any address into the form: an echo would relay their text). At most one
 * a day per address, as the contact form's.
 */
export function estimateAcknowledgementEmail(to: string, o: { business: BusinessFacts; day: string }): OutgoingEmail {
  const { business } = o;
  const { text, html } = renderEmail({
    business,
    heading: 'Thanks for your estimate request',
    paragraphs: [
      'We received your request for a free estimate and your photos. We will look at them and email you a quote, usually within one business day.',
      `If it is urgent, call us at ${business.phone}.`,
    ],
  });
  return {
    kind: 'estimate-ack',
    to,
    subject: `We received your estimate request | ${business.name}`,
    text,
    html,
    dedupeKey: `estimate-ack-${o.day}-${to.trim().toLowerCase()}`,
  };
}

/** A quote as the customer's email and text show it. */
export interface EmailQuote {
  id: number;
  lines: readonly QuoteLine[];
  totalCents: number;
  minutes: number;
  twoPeople: boolean;
  note: string;
  /** yyyy-MM-dd, the last day it can be approved. */
  validUntil: string;
}

/** To the customer: the owner's quote, with the private link (`quoteUrl`, its token made when sent). */
export function quoteEmail(q: EmailQuote, o: { to: string; fullName: string; business: BusinessFacts; quoteUrl: string }): OutgoingEmail {
  const { business } = o;
  const { text, html } = renderEmail({
    business,
    heading: 'Your quote is ready',
    paragraphs: [
      `Hi ${o.fullName}, thank you for sending us your photos. Here is our price for the work you described.`,
      ...(q.note ? [q.note] : []),
      `This quote is valid until ${formatLongDate(q.validUntil)}. Approve it and book a time (with the ${formatCents(DEPOSIT_CENTS)} deposit, which counts toward the total), or tell us no thanks, with your private link: ${o.quoteUrl}`,
      `Questions? Call us at ${business.phone}.`,
    ],
    job: {
      caption: 'Your quote',
      rows: q.lines.map((line) => ({ item: `${line.quantity} × ${line.name}`, amount: formatCents(line.amountCents, { alwaysCents: true }) })),
      total: formatCents(q.totalCents, { alwaysCents: true }),
      note: `About ${durationText(q.minutes)} of work${q.twoPeople ? ', by a crew of two' : ''}.`,
    },
  });
  return { kind: 'quote', to: o.to, subject: `Your quote from ${business.name}: ${formatCents(q.totalCents, { alwaysCents: true })}`, text, html, dedupeKey: `quote-${q.id}` };
}

/** The quote's text to the customer. */
export function quoteTextBody(q: Pick<EmailQuote, 'totalCents'>, o: { business: BusinessFacts; quoteUrl: string }): string {
  return `${o.business.name}: your quote (${formatCents(q.totalCents, { alwaysCents: true })}) is ready. See it, book or say no thanks: ${o.quoteUrl} Questions? Call ${o.business.phone}.`;
}

/** The business's text about a new request. */
export function estimateBusinessTextBody(e: Pick<EmailEstimate, 'id' | 'fullName' | 'photoCount'>, o: { business: BusinessFacts; adminUrl: string }): string {
  return `${o.business.name}: new estimate request #${e.id} from ${e.fullName}, ${photosText(e.photoCount)}. ${o.adminUrl}`;
}
