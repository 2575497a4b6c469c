import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FlaskConical } from 'lucide-react';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api';
import { useConfirmDemoPayment } from '../api/confirm-demo-payment';
import { demoCardSchema, formatCardNumber, formatExpiry, type DemoCardValues } from '../utils/booking-form-schema';
import { describedBy, Field, inputClass } from './field';
import { PayButton } from './pay-button';

const CARD_FIELDS = ['cardNumber', 'expiry', 'cvc', 'postalCode'] as const;

/**
 * The demo provider's card form. It confirms through the server and then follows the redirect
 * the server gives, exactly as Stripe would after confirmPayment.
 */
export function DemoPaymentForm({ clientSecret }: { clientSecret: string }) {
  const uid = useId();
  const id = (name: (typeof CARD_FIELDS)[number]) => `${uid}-${name}`;
  const confirm = useConfirmDemoPayment();
  const [isRedirecting, setIsRedirecting] = useState(false);
  const form = useForm<DemoCardValues>({
    resolver: zodResolver(demoCardSchema),
    defaultValues: { cardNumber: '', expiry: '', cvc: '', postalCode: '' },
  });
  const { register, formState, setError } = form;
  const errors = formState.errors;

  const aria = (name: (typeof CARD_FIELDS)[number], hint = false) => ({
    id: id(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describedBy(id(name), { error: errors[name]?.message, hint }),
  });

  function onSubmit(values: DemoCardValues) {
    confirm.mutate(
      { clientSecret, ...values, postalCode: values.postalCode || undefined },
      {
        onSuccess: ({ redirectUrl }) => {
          setIsRedirecting(true);
          window.location.assign(redirectUrl);
        },
        onError: (error) => {
          toast({ title: 'Payment Failed', description: errorMessage(error, 'Your payment could not be processed.'), variant: 'destructive' });
          if (error instanceof ApiError && error.errors) {
            for (const field of CARD_FIELDS) {
              const message = error.errors[field];
              if (message) setError(field, { message });
            }
          }
        },
      },
    );
  }

  return (
    <form method="post" action="/book" noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" aria-labelledby={`${uid}-title`}>
      <div className="rounded-md border border-gold-400 bg-gold-50 p-3 text-sm text-ink-900">
        <p id={`${uid}-title`} className="flex items-center gap-2 font-semibold">
          <FlaskConical className="h-4 w-4 text-gold-700" aria-hidden="true" />
          Demo payment — no real card is charged
        </p>
        <p className="mt-1 text-neutral-700">
          Test card 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined. Use any future expiration date and any 3-digit security code.
        </p>
      </div>
      <Field id={id('cardNumber')} label="Card number" error={errors.cardNumber?.message}>
        <input
          {...register('cardNumber', { onChange: (e) => (e.target.value = formatCardNumber(e.target.value)) })}
          {...aria('cardNumber')}
          type="text"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          className={inputClass}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id('expiry')} label="Expiration date (MM / YY)" error={errors.expiry?.message}>
          <input
            {...register('expiry', { onChange: (e) => (e.target.value = formatExpiry(e.target.value)) })}
            {...aria('expiry')}
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            className={inputClass}
          />
        </Field>
        <Field id={id('cvc')} label="Security code" error={errors.cvc?.message}>
          <input {...register('cvc')} {...aria('cvc')} type="text" inputMode="numeric" autoComplete="cc-csc" maxLength={4} placeholder="CVC" className={inputClass} />
        </Field>
      </div>
      <Field id={id('postalCode')} label="ZIP code" error={errors.postalCode?.message}>
        <input {...register('postalCode')} {...aria('postalCode')} type="text" inputMode="numeric" autoComplete="postal-code" maxLength={10} placeholder="90401" className={inputClass} />
      </Field>
      <PayButton isProcessing={confirm.isPending || isRedirecting} disabled={false} />
    </form>
  );
}
