import type { DbOrTx } from '../../db/client';
import type { StoredAttachment } from '../../db/schema';
import { invoiceReceiptPdf } from '../../invoices';
import type { MailMessage } from './mailer';

/**
 * Files made when an email goes out rather than when it is queued (decision 0021): the outbox
 * row names the file (`render: { kind, ref }`) as it names its link, and the sender makes it just
 * before handing the email over. So a row holds no PDF, the queueing transaction (a payment,
 * under the invoice's lock) does not wait for one to be drawn, and the file shows the record as it
 * is when sent. Each kind's maker lives in its domain.
 */

/** Said when the record a file is made from is gone (an invoice removed with its booking). */
export const ATTACHMENT_GONE_MESSAGE = 'Not sent: the document it carries could not be made (its record was removed).';

type MailAttachment = NonNullable<MailMessage['attachments']>[number];

/** The email's attachments ready for the mailer; null when one of them can no longer be made. */
export async function renderAttachments(db: DbOrTx, attachments: readonly StoredAttachment[]): Promise<MailAttachment[] | null> {
  const out: MailAttachment[] = [];
  for (const a of attachments) {
    if (!a.render) {
      out.push({ filename: a.filename, contentType: a.contentType, content: a.content });
      continue;
    }
    const content = a.render.kind === 'invoice_receipt' ? await invoiceReceiptPdf(db, a.render.ref, a.render.timeZone) : null;
    if (!content) return null;
    out.push({ filename: a.filename, contentType: a.contentType, content });
  }
  return out;
}
