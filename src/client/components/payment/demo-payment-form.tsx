import { useId, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { FlaskConical } from 'lucide-react';
import { toast } from '../ui/use-toast';
import { controlAria, FormField, roomyInputClass } from '../form-field';
import { errorMessage } from '../../lib/api';
import { onlyFields, setServerErrors } from '../../lib/form-errors';
import { demoCardSchema, formatCardNumber, formatExpiry, type DemoCardValues } from './card-format';
import { clientSecretOf, type CardFormProps } from './card-intent';
import { PayButton } from './pay-button';

type CardField = keyof DemoCardValues;

/** The card form's inputs; the number and the date are formatted as they are typed. */
const CARD_INPUTS: Record<CardField, { label: string; autoComplete: string; placeholder: string; maxLength?: number; format?: (value: string) => string }> = {
  cardNumber: { label: 'Card number', autoComplete: 'cc-number', placeholder: '1234 1234 1234 1234', format: formatCardNumber },
  expiry: { label: 'Expiration date (MM / YY)', autoComplete: 'cc-exp', placeholder: 'MM / YY', format: formatExpiry },
  cvc: { label: 'Security code', autoComplete: 'cc-csc', placeholder: 'CVC', maxLength: 4 },
  postalCode: { label: 'ZIP code', autoComplete: 'postal-code', placeholder: '90401', maxLength: 10 },
};
const CARD_FIELDS = Object.keys(CARD_INPUTS) as CardField[];

/**
 * The demo provider's card form (the deposit's, an invoice's). It confirms through the server and
 * then follows the redirect the server gives, exactly as Stripe would after confirmPayment.
 */
export function DemoPaymentForm({ intent, payLabel, action, confirmDemo }: Omit<CardFormProps, 'returnPath'>) {
  const uid = useId();
  const id = (name: CardField) => `${uid}-${name}`;
  const confirm = useMutation({
    // Null: the intent was refused and the page says why; nothing to confirm.
    mutationFn: async (values: DemoCardValues) => {
      const clientSecret = await clientSecretOf(intent);
      return clientSecret === null ? null : confirmDemo({ clientSecret, ...values, postalCode: values.postalCode || undefined });
    },
  });
  const [isRedirecting, setIsRedirecting] = useState(false);
  const form = useForm<DemoCardValues>({
    resolver: zodResolver(demoCardSchema),
    defaultValues: { cardNumber: '', expiry: '', cvc: '', postalCode: '' },
  });
  const { register, formState, setError } = form;
  const errors = formState.errors;

  function cardInput(name: CardField) {
    const { label, format, ...input } = CARD_INPUTS[name];
    const error = errors[name]?.message;
    const onChange = format ? (e: ChangeEvent<HTMLInputElement>) => (e.target.value = format(e.target.value)) : undefined;
    return (
      <FormField id={id(name)} label={label} error={error} look="roomy">
        <input {...register(name, { onChange })} {...controlAria(id(name), error)} type="text" inputMode="numeric" {...input} className={roomyInputClass} />
      </FormField>
    );
  }

  function onSubmit(values: DemoCardValues) {
    confirm.mutate(values, {
      onSuccess: (result) => {
        if (!result) return;
        setIsRedirecting(true);
        window.location.assign(result.redirectUrl);
      },
      onError: (error) => {
        toast({ title: 'Payment Failed', description: errorMessage(error, 'Your payment could not be processed.'), variant: 'destructive' });
        setServerErrors(error, setError, onlyFields(CARD_FIELDS));
      },
    });
  }

  return (
    <form method="post" action={action} noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" aria-labelledby={`${uid}-title`}>
      <div className="rounded-md border border-gold-400 bg-gold-50 p-3 text-sm text-ink-900">
        <p id={`${uid}-title`} className="flex items-center gap-2 font-semibold">
          <FlaskConical className="h-4 w-4 text-gold-700" aria-hidden="true" />
          Demo payment — no real card is charged
        </p>
        <p className="mt-1 text-neutral-700">
          Test card 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined. Use any future expiration date and any 3-digit security code.
        </p>
      </div>
      {cardInput('cardNumber')}
      <div className="grid gap-4 sm:grid-cols-2">
        {cardInput('expiry')}
        {cardInput('cvc')}
      </div>
      {cardInput('postalCode')}
      <PayButton label={payLabel} isProcessing={confirm.isPending || isRedirecting} disabled={false} />
    </form>
  );
}
