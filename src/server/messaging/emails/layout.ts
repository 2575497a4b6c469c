import type { OutgoingEmail } from '../repositories/outbox';
import { bookingDetailRows, type BusinessFacts, type EmailBooking } from './format';
import { jobLinesText, type EmailJobLines } from './job-lines';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Wraps email paragraphs in the brand's simple HTML layout and returns both the HTML and the
 * plain-text version. Every line given is plain text; it is escaped here.
 */
export function renderEmail(input: { business: BusinessFacts; heading: string; paragraphs: string[]; job?: EmailJobLines; details?: [string, string][]; footer?: string }) {
  const details = input.details ?? [];
  const { business } = input;
  const footer = input.footer ?? `${business.name} · ${business.phone} · ${business.email}`;
  const text = [
    input.heading,
    '',
    ...input.paragraphs.flatMap((p) => [p, '']),
    ...(input.job ? [...jobLinesText(input.job), ''] : []),
    ...details.map(([k, v]) => `${k}: ${v}`),
    details.length ? '' : null,
    footer,
  ]
    .filter((l) => l !== null)
    .join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;color:#141414">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;overflow:hidden">
<tr><td style="background:#0a0a0a;color:#d4af37;padding:20px 24px;font-size:20px;font-weight:bold">${escapeHtml(business.name)}</td></tr>
<tr><td style="padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(input.heading)}</h1>
${input.paragraphs.map((p) => `<p style="line-height:1.5;margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
${input.job ? jobLinesHtml(input.job) : ''}
${details.length ? `<table role="presentation" cellpadding="6" style="border-collapse:collapse;margin-top:8px">${details.map(([k, v]) => `<tr><td style="color:#666">${escapeHtml(k)}</td><td><strong>${escapeHtml(v)}</strong></td></tr>`).join('')}</table>` : ''}
</td></tr>
<tr><td style="padding:16px 24px;background:#fbf7eb;font-size:13px;color:#5c470e">${escapeHtml(footer)}</td></tr>
</table></td></tr></table></body></html>`;
  return { text, html };
}

/**
 * An email to the customer of booking `b` about it, the appointment's details under the
 * paragraphs (and the job's lines above them, when given).
 */
export function customerBookingEmail(
  b: EmailBooking,
  business: BusinessFacts,
  e: Pick<OutgoingEmail, 'kind' | 'subject' | 'attachments' | 'dedupeKey'> & { heading: string; paragraphs: string[]; job?: EmailJobLines },
): OutgoingEmail {
  const { heading, paragraphs, job, ...fields } = e;
  return { ...fields, to: b.email, ...renderEmail({ business, heading, paragraphs, job, details: bookingDetailRows(b) }) };
}

/** A job's lines as a small HTML table, amounts on the right and the total last. */
function jobLinesHtml(job: EmailJobLines): string {
  const row = (item: string, amount: string, style = '') =>
    `<tr><td style="padding:6px 12px 6px 0${style}">${item}</td><td align="right" style="padding:6px 0${style}">${amount}</td></tr>`;
  return [
    `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:8px 0 12px;min-width:280px">`,
    `<tr><td colspan="2" style="padding:0 0 6px;font-weight:bold">${escapeHtml(job.caption)}</td></tr>`,
    ...job.rows.map((r) => row(escapeHtml(r.item), escapeHtml(r.amount))),
    row('<strong>Total</strong>', `<strong>${escapeHtml(job.total)}</strong>`, ';border-top:1px solid #ddd'),
    ...(job.after ?? []).map((r) => row(escapeHtml(r.item), escapeHtml(r.amount))),
    `</table>`,
    job.note ? `<p style="line-height:1.5;margin:0 0 12px;color:#666">${escapeHtml(job.note)}</p>` : '',
  ].join('');
}
