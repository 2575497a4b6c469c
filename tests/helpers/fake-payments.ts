import type { PaymentProvider, ProviderRefundStatus, RefundResult } from '../../src/server/payments/services/provider';

/**
 * A payment provider double for tests that do not need Stripe's wire format: it records refund
 * requests, answers them as the test chooses (succeeded, pending, failed, or an error), keeps
 * each refund's status for retrieveRefund, and lets the test settle a pending one later.
 * `beforeAnswer` runs inside refund(), before the answer returns: a webhook that overtakes it.
 */
export function fakePayments() {
  const requests: { intentId: string; idempotencyKey: string; reason?: string }[] = [];
  const refunds = new Map<string, ProviderRefundStatus>();
  let answer: ProviderRefundStatus | 'error' = 'succeeded';
  let beforeAnswer: ((refund: RefundResult & { intentId: string }) => Promise<void>) | null = null;
  const notUsed = async (): Promise<never> => {
    throw new Error('not used by this test');
  };
  const provider: PaymentProvider = {
    name: 'demo',
    createIntent: notUsed,
    createInvoiceIntent: notUsed,
    retrieveIntent: notUsed,
    async refund(intentId, opts) {
      requests.push({ intentId, idempotencyKey: opts.idempotencyKey, reason: opts.reason });
      if (answer === 'error') throw new Error('charge_disputed: the refund could not be made');
      const id = `re_double_${requests.length}`;
      refunds.set(id, answer);
      await beforeAnswer?.({ id, status: answer, intentId });
      return { id, status: answer };
    },
    async retrieveRefund(id) {
      const status = refunds.get(id);
      if (!status) throw new Error(`No such refund: ${id}`);
      return { id, status };
    },
  };
  return {
    provider,
    requests,
    answerRefunds(next: ProviderRefundStatus | 'error') {
      answer = next;
    },
    settle(id: string, status: 'succeeded' | 'failed') {
      refunds.set(id, status);
    },
    beforeAnswer(fn: typeof beforeAnswer) {
      beforeAnswer = fn;
    },
  };
}
