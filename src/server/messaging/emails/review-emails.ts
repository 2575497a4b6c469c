import type { OutgoingEmail } from '../repositories/outbox';
import { formatLongDate, serviceNameOf, type BusinessFacts, type EmailBooking } from './format';
import { renderEmail } from './layout';

/**
 * To the customer once the owner marks the job completed: one per booking, with the private
 * link (`/review/{token}`) that takes one review.
 */
export function reviewRequestEmail(b: Pick<EmailBooking, 'id' | 'email' | 'fullName' | 'serviceType' | 'serviceName' | 'bookingDate'>, o: { link: string; business: BusinessFacts }): OutgoingEmail {
  const { business } = o;
  const service = serviceNameOf(b);
  const body = renderEmail({
    business,
    heading: 'How did we do?',
    paragraphs: [
      `Hi ${b.fullName}, thank you for choosing ${business.name} for your ${service} on ${formatLongDate(b.bookingDate)}.`,
      'Would you take a minute to tell your neighbors how it went? Rate the job and leave a few words here:',
      o.link,
      `The link is yours alone and takes one review. Something not right with the job? Call us at ${business.phone} and we will make it right.`,
    ],
  });
  return {
    kind: 'review_request',
    to: b.email,
    subject: `How did we do? Review your ${service} with ${business.name}`,
    ...body,
    dedupeKey: `review-request-${b.id}`,
  };
}
