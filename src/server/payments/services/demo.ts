import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import {
  countDemoRefunds,
  findDemoPayment,
  findDemoPaymentForBooking,
  findDemoRefund,
  findOpenDemoPaymentForInvoice,
  insertDemoPayment,
  insertDemoRefund,
  lockDemoPayment,
  type DemoPaymentRow,
} from '../repositories/demo-payments';
import type { PaymentIntentInfo, PaymentProvider } from './provider';

function info(row: DemoPaymentRow): PaymentIntentInfo {
  return { id: row.id, clientSecret: row.clientSecret, status: row.status, amount: row.amount, bookingId: row.bookingId, invoiceId: row.invoiceId, tipCents: row.tipCents };
}

const newIntentId = () => `pi_demo_${randomBytes(12).toString('hex')}`;
const secretOf = (id: string) => `${id}_secret_${randomBytes(16).toString('hex')}`;
/** The refund id of a deposit refunded before refunds were recorded one by one (it named its intent). */
const legacyRefundId = (intentId: string) => `re_demo_${intentId.slice('pi_demo_'.length)}`;

/**
 * The built-in provider for running without Stripe keys: intents live in demo_payments, and the
 * demo card form confirms them through POST /api/payments/demo/confirm (a deposit) or
 * POST /api/invoices/:token/demo-confirm (an invoice). No money moves. Refunds succeed at once,
 * in full or in part, one per idempotency key.
 */
export function createDemoProvider(db: Db): PaymentProvider {
  return {
    name: 'demo',
    async createIntent({ bookingId, amount }) {
      const existing = await findDemoPaymentForBooking(db, bookingId);
      if (existing) return info(existing);
      const id = newIntentId();
      return info(await insertDemoPayment(db, { id, clientSecret: secretOf(id), bookingId, amount }));
    },
    async createInvoiceIntent({ invoiceId, amount, tipCents }) {
      const existing = await findOpenDemoPaymentForInvoice(db, { invoiceId, amount, tipCents });
      if (existing) return info(existing);
      const id = newIntentId();
      return info(await insertDemoPayment(db, { id, clientSecret: secretOf(id), invoiceId, amount, tipCents }));
    },
    async retrieveIntent(id) {
      const row = await findDemoPayment(db, { id });
      if (!row) throw new Error(`No such payment intent: ${id}`);
      return info(row);
    },
    async refund(intentId, opts) {
      return db.transaction(async (tx) => {
        const row = await lockDemoPayment(tx, intentId);
        if (!row) throw new Error(`No such payment intent: ${intentId}`);
        // Repeating a refund returns the same refund, as Stripe does with an idempotency key
        // (read under the intent's lock: two requests with one key take turns).
        const repeated = await findDemoRefund(tx, { idempotencyKey: opts.idempotencyKey });
        if (repeated) return { id: repeated.id, status: 'succeeded' as const };
        if (row.status === 'refunded' && (await countDemoRefunds(tx, intentId)) === 0) return { id: legacyRefundId(intentId), status: 'succeeded' as const };
        if (row.status !== 'succeeded') throw new Error(`Payment ${intentId} has not succeeded or is refunded in full; there is nothing to refund.`);
        const left = row.amount - row.refundedCents;
        const amount = opts.amountCents ?? left;
        if (amount <= 0 || amount > left) throw new Error(`Refund amount (${amount}) is greater than what is left of payment ${intentId} (${left}).`);
        const refund = await insertDemoRefund(tx, { id: `re_demo_${randomBytes(12).toString('hex')}`, paymentId: intentId, idempotencyKey: opts.idempotencyKey, amountCents: amount });
        return { id: refund.id, status: 'succeeded' as const };
      });
    },
    async retrieveRefund(refundId) {
      if (await findDemoRefund(db, { id: refundId })) return { id: refundId, status: 'succeeded' };
      const intent = await findDemoPayment(db, { id: `pi_demo_${refundId.slice('re_demo_'.length)}` });
      if (!intent || intent.status !== 'refunded') throw new Error(`No such refund: ${refundId}`);
      return { id: refundId, status: 'succeeded' };
    },
  };
}
