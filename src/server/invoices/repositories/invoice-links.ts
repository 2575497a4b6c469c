import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invoiceLinks, invoices } from '../../db/schema';
import type { InvoiceRow } from './invoices';

export async function insertInvoiceLink(db: DbOrTx, values: { tokenHash: string; invoiceId: number; createdAt: Date }): Promise<void> {
  await db.insert(invoiceLinks).values(values);
}

/** The link stored under this hash and its invoice; undefined for none. */
export async function findInvoiceLink(db: DbOrTx, tokenHash: string): Promise<{ tokenHash: string; invoice: InvoiceRow } | undefined> {
  const [row] = await db
    .select({ tokenHash: invoiceLinks.tokenHash, invoice: invoices })
    .from(invoiceLinks)
    .innerJoin(invoices, eq(invoices.id, invoiceLinks.invoiceId))
    .where(eq(invoiceLinks.tokenHash, tokenHash))
    .limit(1);
  return row;
}
