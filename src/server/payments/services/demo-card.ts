import { TZDate } from '@date-fns/tz';
import type { DbOrTx } from '../../db/client';
import { ConflictError, NotFoundError, PaymentError, ValidationError } from '../../errors';
import { findDemoPayment, updateDemoPayment, type DemoPaymentRow } from '../repositories/demo-payments';

/** The demo card form's fields (POST /api/payments/demo/confirm and the invoice's). */
export interface DemoCardInput {
  clientSecret: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
}

const DEMO_SUCCESS_CARD = '4242424242424242';
const DEMO_DECLINED_CARD = '4000000000000002';

/** Checks the demo card form the way Stripe's card element would; throws its messages. */
function validateDemoCard(input: DemoCardInput, now: Date, timeZone: string): 'success' | 'declined' | 'invalid' {
  const number = input.cardNumber.replace(/\s+/g, '');
  if (!/^\d+$/.test(number)) throw new ValidationError('Your card number is invalid.', { cardNumber: 'Your card number is invalid.' });
  if (number.length < 16) throw new ValidationError('Your card number is incomplete.', { cardNumber: 'Your card number is incomplete.' });

  const expiry = /^(\d{1,2})\s*\/\s*(\d{2})$/.exec(input.expiry);
  if (!expiry) throw new ValidationError("Your card's expiration date is incomplete.", { expiry: "Your card's expiration date is incomplete." });
  const month = Number(expiry[1]);
  const year = 2000 + Number(expiry[2]);
  if (month < 1 || month > 12) throw new ValidationError("Your card's expiration date is invalid.", { expiry: "Your card's expiration date is invalid." });
  const today = new TZDate(now.getTime(), timeZone);
  if (year < today.getFullYear()) throw new ValidationError("Your card's expiration year is in the past.", { expiry: "Your card's expiration year is in the past." });
  if (year === today.getFullYear() && month < today.getMonth() + 1) {
    throw new ValidationError("Your card's expiration date is in the past.", { expiry: "Your card's expiration date is in the past." });
  }

  if (!/^\d+$/.test(input.cvc)) throw new ValidationError("Your card's security code is invalid.", { cvc: "Your card's security code is invalid." });
  if (input.cvc.length < 3) throw new ValidationError("Your card's security code is incomplete.", { cvc: "Your card's security code is incomplete." });

  if (number === DEMO_SUCCESS_CARD) return 'success';
  if (number === DEMO_DECLINED_CARD) return 'declined';
  return 'invalid';
}

/**
 * The demo provider's "confirm payment", for the deposit and for an invoice alike: the intent of
 * `clientSecret` (one `belongs` accepts; else the 404 with `notFoundMessage`), the test card
 * checked (4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined), and the intent marked
 * succeeded, as Stripe would. Recording the payment is the caller's (as the webhook's would be).
 * A refunded intent can no longer be paid (409 with `notPayableMessage`).
 */
export async function confirmDemoCard(
  db: DbOrTx,
  input: DemoCardInput,
  o: { now: Date; timeZone: string; belongs: (payment: DemoPaymentRow) => boolean; notFoundMessage: string; notPayableMessage: string },
): Promise<DemoPaymentRow> {
  const payment = await findDemoPayment(db, { clientSecret: input.clientSecret });
  if (!payment || !o.belongs(payment)) throw new NotFoundError(o.notFoundMessage);
  const result = validateDemoCard(input, o.now, o.timeZone);
  if (payment.status === 'refunded') throw new ConflictError(o.notPayableMessage, 'INVALID_STATUS');
  if (payment.status !== 'succeeded') {
    if (result === 'declined') {
      await updateDemoPayment(db, payment.id, { lastError: 'card_declined' });
      throw new PaymentError('Your card was declined.');
    }
    if (result === 'invalid') throw new PaymentError('Your card number is invalid.');
    await updateDemoPayment(db, payment.id, { status: 'succeeded', lastError: null });
  }
  return { ...payment, status: 'succeeded' };
}
