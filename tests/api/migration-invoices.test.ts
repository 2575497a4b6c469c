import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openMigrationDatabase, type MigrationDatabase } from '../helpers/migration-database';

/**
 * Migration 0016 on a live site's demo payments: a deposit refunded so far was refunded in full,
 * and from then on an intent is a booking's or an invoice's, never both; invoices keep their sums
 * and statuses consistent by CHECK constraints whatever code writes them.
 */
const { serverUrl } = inject('testDatabase');
const TAG = '0016_invoices';
let db: MigrationDatabase;
let client: pg.Client;

beforeAll(async () => {
  db = await openMigrationDatabase(serverUrl);
  client = db.client;
  await db.runBefore(TAG);
  await client.query(
    `insert into bookings (id, service_type, booking_date, booking_time, starts_at, full_name, email, phone, address, status, deposit_paid)
     values (1, 'tv-mounting', '2026-10-01', '9:00 AM', '2026-10-01T16:00:00Z', 'Dana', 'dana@example.com', '3105550123', '1 Main St, Santa Monica, CA 90401', 'completed', true)`,
  );
  await client.query(`insert into demo_payments (id, client_secret, booking_id, amount, status) values ('pi_demo_a', 'pi_demo_a_secret', 1, 5000, 'refunded'), ('pi_demo_b', 'pi_demo_b_secret', 1, 5000, 'succeeded')`);
  await db.run(TAG);
});
afterAll(async () => {
  await db?.drop();
});

const invoice = (values: Record<string, unknown>) => {
  const row = { booking_id: 1, status: 'draft', number: null, lines: '[]', subtotal_cents: 10_000, tax_cents: 0, total_cents: 10_000, discount_cents: 0, deposit_credit_cents: 5_000, paid_cents: 0, paid_at: null, voided_at: null, ...values };
  const columns = Object.keys(row);
  return client.query(`insert into invoices (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(row));
};

describe('migration 0016', () => {
  it('counts a demo deposit refunded so far as refunded in full', async () => {
    const rows = (await client.query(`select id, refunded_cents, invoice_id, tip_cents from demo_payments order by id`)).rows;
    expect(rows).toEqual([
      { id: 'pi_demo_a', refunded_cents: 5000, invoice_id: null, tip_cents: null },
      { id: 'pi_demo_b', refunded_cents: 0, invoice_id: null, tip_cents: null },
    ]);
    await expect(client.query(`insert into demo_payments (id, client_secret, amount) values ('pi_demo_c', 'c', 100)`)).rejects.toThrow(/demo_payments_owner_check/);
  });

  it('refuses an invoice whose sums or status do not hold together', async () => {
    await expect(invoice({ total_cents: 9_999 })).rejects.toThrow(/invoices_total_check/);
    await expect(invoice({ discount_cents: 10_001, total_cents: -1 })).rejects.toThrow(/invoices_money_check/);
    await expect(invoice({ paid_cents: 5_001 })).rejects.toThrow(/invoices_paid_check/);
    await expect(invoice({ status: 'sent' })).rejects.toThrow(/invoices_number_check/);
    await expect(invoice({ status: 'draft', number: 'INV-2026-0001' })).rejects.toThrow(/invoices_number_check/);
    await expect(invoice({ status: 'paid', number: 'INV-2026-0001' })).rejects.toThrow(/invoices_paid_at_check/);
    await expect(invoice({ status: 'void' })).rejects.toThrow(/invoices_voided_at_check/);
    await expect(invoice({ lines: '{}' })).rejects.toThrow(/invoices_lines_check/);
    await expect(invoice({ status: 'paid', number: 'INV-2026-0001', paid_cents: 5_000, paid_at: '2026-10-02T00:00:00Z' })).resolves.toMatchObject({ rowCount: 1 });
    // One invoice per booking, one payment per provider intent.
    await expect(invoice({})).rejects.toThrow(/invoices_booking_id_unique/);
    const id = (await client.query(`select id from invoices`)).rows[0].id;
    await client.query(`insert into invoice_payments (invoice_id, method, amount_cents, provider_intent_id) values ($1, 'card', 100, 'pi_1')`, [id]);
    await expect(client.query(`insert into invoice_payments (invoice_id, method, amount_cents, provider_intent_id) values ($1, 'card', 100, 'pi_1')`, [id])).rejects.toThrow(/invoice_payments_intent_key/);
    await expect(client.query(`insert into invoice_payments (invoice_id, method, amount_cents, tip_cents) values ($1, 'cash', 100, 5)`, [id])).rejects.toThrow(/invoice_payments_card_check/);
    await expect(client.query(`insert into invoice_payments (invoice_id, method, amount_cents) values ($1, 'cash', 0)`, [id])).rejects.toThrow(/invoice_payments_amounts_check/);
  });
});
