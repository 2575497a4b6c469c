import { DEFAULT_BUSINESS_TZ } from '../../../../shared/constants';
import type { InvoiceStatus } from '../../../../shared/schemas/invoices';

const dateTime = new Intl.DateTimeFormat('en-US', { timeZone: DEFAULT_BUSINESS_TZ, month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** An instant on the business clock: "Nov 26, 3:05 PM". */
export const formatShortDateTime = (iso: string) => dateTime.format(new Date(iso));

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = { draft: 'Draft', sent: 'Sent', partly_paid: 'Partly paid', paid: 'Paid', void: 'Void' };
