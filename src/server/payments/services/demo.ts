import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { findDemoPayment, findDemoPaymentForBooking, insertDemoPayment, updateDemoPayment, type DemoPaymentRow } from '../../bookings';
import type { PaymentIntentInfo, PaymentProvider } from './provider';

function info(row: DemoPaymentRow): PaymentIntentInfo {
  return { id: row.id, clientSecret: row.clientSecret, status: row.status, amount: row.amount, bookingId: row.bookingId };
}

/**
 * The built-in provider for running without Stripe keys: intents live in demo_payments, and the
 * demo card form confirms them through POST /api/payments/demo/confirm. No money moves.
 */
export function createDemoProvider(db: Db): PaymentProvider {
  return {
    name: 'demo',
    async createIntent({ bookingId, amount }) {
      const existing = await findDemoPaymentForBooking(db, bookingId);
      if (existing) return info(existing);
      const id = `pi_demo_${randomBytes(12).toString('hex')}`;
      const row = await insertDemoPayment(db, { id, clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`, bookingId, amount });
      return info(row);
    },
    async retrieveIntent(id) {
      const row = await findDemoPayment(db, { id });
      if (!row) throw new Error(`No such payment intent: ${id}`);
      return info(row);
    },
    async refund(intentId) {
      const row = await findDemoPayment(db, { id: intentId });
      if (!row) throw new Error(`No such payment intent: ${intentId}`);
      if (row.status !== 'succeeded' && row.status !== 'refunded') throw new Error(`Payment ${intentId} has not succeeded; there is nothing to refund.`);
      // Repeating a refund returns the same refund, as Stripe does with an idempotency key.
      if (row.status === 'succeeded') await updateDemoPayment(db, intentId, { status: 'refunded' });
      return { id: `re_demo_${intentId.replace(/^pi_demo_/, '')}`, status: 'succeeded' };
    },
    async retrieveRefund(refundId) {
      // Demo refunds succeed at once; the refund id names its intent.
      const intentId = `pi_demo_${refundId.replace(/^re_demo_/, '')}`;
      const row = await findDemoPayment(db, { id: intentId });
      if (!row || row.status !== 'refunded') throw new Error(`No such refund: ${refundId}`);
      return { id: refundId, status: 'succeeded' };
    },
  };
}
