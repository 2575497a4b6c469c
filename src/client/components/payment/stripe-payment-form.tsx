import { useState, type FormEvent } from 'react';
import { loadStripe, type Stripe, type StripeElementsOptions } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { toast } from '../ui/use-toast';
import { errorMessage } from '../../lib/api';
import { clientSecretOf, type CardFormProps, type CardIntent } from './card-intent';
import { PayButton } from './pay-button';

// One Stripe.js instance per key for the whole visit (loadStripe injects a script tag).
const stripePromises = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let promise = stripePromises.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    stripePromises.set(publishableKey, promise);
  }
  return promise;
}

const appearance = {
  theme: 'stripe' as const,
  variables: { colorPrimary: '#0a0a0a', colorText: '#141414', colorDanger: '#b91c1c', borderRadius: '6px' },
};

const failed = (description: string) => toast({ title: 'Payment Failed', description, variant: 'destructive' });

function CheckoutForm({ intent, payLabel, action, returnPath }: Omit<CardFormProps, 'confirmDemo'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [isReady, setIsReady] = useState(false);
  const [isProcessing, setIsProcessing] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setIsProcessing(true);
    try {
      // An intent made at Pay (an invoice's): the card's details are checked before it is made.
      if (!('clientSecret' in intent)) {
        const { error } = await elements.submit();
        if (error) return;
      }
      const clientSecret = await clientSecretOf(intent);
      if (clientSecret === null) return;
      const { error } = await stripe.confirmPayment({ elements, clientSecret, confirmParams: { return_url: `${window.location.origin}${returnPath}` } });
      // Only reached when the confirmation failed; on success Stripe redirects to return_url.
      if (error) failed(error.message ?? 'Your payment could not be processed.');
    } catch (err) {
      failed(errorMessage(err, 'Your payment could not be processed.'));
    } finally {
      setIsProcessing(false);
    }
  }

  return (
    <form method="post" action={action} onSubmit={onSubmit} className="space-y-4">
      <PaymentElement onReady={() => setIsReady(true)} />
      <PayButton label={payLabel} isProcessing={isProcessing} disabled={!stripe || !elements || !isReady} />
    </form>
  );
}

/** The Elements options: the intent's secret, or (made at Pay) the amount it will be, which Stripe updates as it changes. */
function elementsOptions(intent: CardIntent): StripeElementsOptions {
  return 'clientSecret' in intent ? { clientSecret: intent.clientSecret, appearance } : { mode: 'payment', amount: intent.amountCents, currency: 'usd', appearance };
}

/** Stripe's Payment Element; loaded on demand (Stripe mode only), so Stripe.js stays out of the first view. */
export default function StripePaymentForm({ publishableKey, ...form }: Omit<CardFormProps, 'confirmDemo'> & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={elementsOptions(form.intent)}>
      <CheckoutForm {...form} />
    </Elements>
  );
}
