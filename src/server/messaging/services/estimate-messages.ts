import { todayInZone } from '../../../shared/business-time';
import type { DbOrTx } from '../../db/client';
import { queueEmail } from '../repositories/outbox';
import { queueText } from '../repositories/sms-outbox';
import {
  estimateAcknowledgementEmail,
  estimateBusinessTextBody,
  estimateToBusinessEmail,
  quoteEmail,
  quoteTextBody,
  type EmailEstimate,
  type EmailQuote,
} from '../emails/estimate-emails';
import { businessFacts } from './email-facts';
import { LINK_TOKEN } from './links';
import { toUsE164 } from './phone';

/**
 * The messages of a free estimate (issue 22), queued in the transaction of the change that causes
 * them, through the email and text outboxes (decision 0016).
 */

/** Where the owner opens a request: the admin area, its Requests screen. */
export function estimateAdminUrl(publicUrl: string, id: number): string {
  return `${publicUrl}/admin?request=${id}`;
}

/**
 * A new request: the business's email (and text, when texts are on and the business's phone is
 * a US number) with the link to it in /admin, and, when `acknowledge`, the customer's
 * acknowledgement in fixed words.
 */
export async function queueNewEstimateMessages(
  tx: DbOrTx,
  e: EmailEstimate,
  p: { now: Date; timeZone: string; publicUrl: string; businessEmail: string; textsEnabled: boolean; acknowledge: boolean },
): Promise<void> {
  const business = await businessFacts(tx);
  const adminUrl = estimateAdminUrl(p.publicUrl, e.id);
  await queueEmail(tx, estimateToBusinessEmail(e, { to: p.businessEmail, business, adminUrl }));
  const businessPhone = p.textsEnabled ? toUsE164(business.phone) : null;
  if (businessPhone) {
    await queueText(tx, { kind: 'estimate_business', to: businessPhone, body: estimateBusinessTextBody(e, { business, adminUrl }), dedupeKey: `estimate-business-${e.id}` }, p.now);
  }
  if (p.acknowledge) await queueEmail(tx, estimateAcknowledgementEmail(e.email, { business, day: todayInZone(p.now, p.timeZone) }));
}

/**
 * The owner's quote to the customer: an email, and a text when texts are on and the phone the
 * customer gave is a US number, each with its own private link to /quote/{token} (made when it is
 * sent; a quote no longer open by then is not sent).
 */
export async function queueQuoteMessages(
  tx: DbOrTx,
  q: EmailQuote,
  to: { fullName: string; email: string; phone: string },
  p: { now: Date; publicUrl: string; textsEnabled: boolean },
): Promise<void> {
  const business = await businessFacts(tx);
  const quoteUrl = `${p.publicUrl}/quote/${LINK_TOKEN}`;
  const link = { kind: 'quote' as const, ref: q.id };
  await queueEmail(tx, { ...quoteEmail(q, { to: to.email, fullName: to.fullName, business, quoteUrl }), link });
  const phone = p.textsEnabled ? toUsE164(to.phone) : null;
  if (phone) await queueText(tx, { kind: 'quote', to: phone, body: quoteTextBody(q, { business, quoteUrl }), dedupeKey: `quote-${q.id}`, link }, p.now);
}
