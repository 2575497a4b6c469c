import { useMemo } from 'react';
import { useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { Plus, Send } from 'lucide-react';
import { serviceTypeLabel } from '../../../../shared/constants';
import { durationText } from '../../../../shared/duration-text';
import { DEFAULT_QUOTE_VALID_DAYS } from '../../../../shared/schemas/estimates';
import { bookedJobMinutes, MAX_JOB_MINUTES } from '../../../../shared/job-length';
import { formatCents } from '../../../../shared/money';
import { BoundInput, BoundSelect, BoundTextArea } from '../../../components/admin/fields';
import { IconButton } from '../../../components/admin/icon-button';
import { LineFieldset } from '../../../components/admin/line-fieldset';
import { cardClass, goldButtonClass } from '../../../components/admin/styles';
import { useFormFields } from '../../../components/admin/use-form-fields';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api';
import { setServerErrors } from '../../../lib/form-errors';
import { usePriceList, useSendQuote } from '../api/requests-api';
import { centsToDollarsText, dollarsToCents, draftTotals, emptyLine, formFieldOf, presetsOf, quoteInput, type QuoteDraft } from '../utils/quote-lines';

/**
 * "Quote": the owner's price for a request, line by line (an item or add-on of the price list
 * fills a line's description, price and minutes; anything else is free text), with the running
 * total and the job's length as the customer will book it. Sent, the customer gets a link to
 * approve and book it.
 */
export function QuoteForm({ id, email, isNewQuote }: { id: number; email: string; isNewQuote: boolean }) {
  const priceList = usePriceList();
  const presets = useMemo(() => presetsOf(priceList.data), [priceList.data]);
  const form = useForm<QuoteDraft>({ defaultValues: { lines: [emptyLine()], note: '', validDays: String(DEFAULT_QUOTE_VALID_DAYS) } });
  const { control, handleSubmit, setError, setValue, getValues, formState } = form;
  const { bind } = useFormFields(form);
  const lines = useFieldArray({ control, name: 'lines' });
  const watched = useWatch({ control, name: 'lines' });
  const totals = draftTotals(watched ?? []);
  const send = useSendQuote();
  const tooLong = bookedJobMinutes(totals.minutes) > MAX_JOB_MINUTES;

  /** A price-list entry's minutes for the line's quantity (its description and price too, when `all`). */
  function fillFromPreset(i: number, all: boolean) {
    const line = getValues(`lines.${i}`);
    const preset = presets.get(line.pick);
    if (!preset) return;
    const quantity = /^\d+$/.test(line.quantity.trim()) ? Number(line.quantity) : 1;
    if (all) {
      setValue(`lines.${i}.description`, preset.name);
      setValue(`lines.${i}.unitPrice`, centsToDollarsText(preset.priceCents));
    }
    setValue(`lines.${i}.minutes`, String(preset.minutes * quantity));
  }

  const onSubmit = handleSubmit((draft) => {
    const checked = quoteInput(draft, presets);
    if (!checked.ok) {
      for (const [path, message] of Object.entries(checked.errors)) setError(path as Path<QuoteDraft>, { type: 'check', message });
      notSent(Object.values(checked.errors)[0]);
      return;
    }
    send.mutate(
      { id, quote: checked.input },
      {
        onSuccess: () => toast({ title: 'Quote Sent', description: `${email} got a link to approve and book it.`, variant: 'success' }),
        onError: (err) => {
          setServerErrors(err, setError, formFieldOf);
          notSent(errorMessage(err, 'The quote could not be sent. Please try again.'));
        },
      },
    );
  });

  const services = priceList.data?.filter((s) => s.items.length) ?? [];
  return (
    <form method="post" action="/admin" noValidate onSubmit={onSubmit} aria-labelledby={`quote-${id}-title`} className={`${cardClass} space-y-4 p-4 sm:p-5`}>
      <div>
        <h3 id={`quote-${id}-title`} className="text-lg font-bold text-ink-950">
          {isNewQuote ? 'Send a New Quote' : 'Quote'}
        </h3>
        <p className="text-sm text-neutral-700">
          {isNewQuote ? 'The open quote is withdrawn when this one is sent.' : 'Price the job from the photos.'} Prices per unit in dollars; minutes for the whole line.
        </p>
      </div>
      <ol className="space-y-3">
        {lines.fields.map((field, i) => (
          <li key={field.id}>
            <LineFieldset n={i + 1} onRemove={lines.fields.length > 1 ? () => lines.remove(i) : undefined}>
              <BoundSelect {...bind(`lines.${i}.pick`, { onChange: () => fillFromPreset(i, true) })} label="From the price list">
                <option value="">Free text (describe it below)</option>
                {services.map((s) => (
                  <optgroup key={s.serviceType} label={serviceTypeLabel(s.serviceType)}>
                    {s.items.map((item) => (
                      <option key={item.id} value={`item:${item.id}`}>
                        {item.name} ({formatCents(item.priceCents)}, {item.minutes} min)
                      </option>
                    ))}
                    {s.items.flatMap((item) =>
                      item.addOns.map((a) => (
                        <option key={`${item.id}-${a.id}`} value={`addon:${a.id}`}>
                          Add-on: {a.name} ({formatCents(a.priceCents)}, {a.minutes} min)
                        </option>
                      )),
                    )}
                  </optgroup>
                ))}
              </BoundSelect>
              <BoundInput {...bind(`lines.${i}.description`)} label="Description" maxLength={200} />
              <div className="grid grid-cols-3 items-end gap-2">
                <BoundInput {...bind(`lines.${i}.quantity`, { onChange: () => fillFromPreset(i, false) })} label="Quantity" inputMode="numeric" />
                <BoundInput {...bind(`lines.${i}.unitPrice`)} label="Unit price ($)" inputMode="decimal" />
                <BoundInput {...bind(`lines.${i}.minutes`)} label="Minutes" inputMode="numeric" />
              </div>
              <LineAmount quantity={watched?.[i]?.quantity} unitPrice={watched?.[i]?.unitPrice} />
            </LineFieldset>
          </li>
        ))}
      </ol>
      <IconButton Icon={Plus} onClick={() => lines.append(emptyLine())} disabled={lines.fields.length >= 30}>
        Add a line
      </IconButton>
      <BoundTextArea {...bind('note')} label="Note to the customer (optional)" rows={3} maxLength={2000} hint="Shown with the quote: what is included, what to have ready." />
      <BoundInput {...bind('validDays')} label="Valid for (days)" inputMode="numeric" hint={`The customer can approve it until then (${DEFAULT_QUOTE_VALID_DAYS} days unless you change it).`} />
      <p aria-live="polite" className="rounded-md bg-neutral-100 p-3 text-sm font-semibold text-ink-950">
        Total {formatCents(totals.totalCents, { grouped: true })} · Job length {totals.minutes ? `about ${durationText(totals.minutes)}` : 'not set'}
        {tooLong && <span className="mt-1 block font-medium text-red-700">More than one visit ({durationText(MAX_JOB_MINUTES)} at most): the customer could not book it online.</span>}
      </p>
      {formState.errors.lines?.message && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {formState.errors.lines.message}
        </p>
      )}
      <button type="submit" className={`${goldButtonClass} w-full sm:w-auto`} disabled={send.isPending}>
        <Send className="h-4 w-4" aria-hidden="true" />
        {send.isPending ? 'Sending...' : 'Send quote'}
      </button>
    </form>
  );
}

const notSent = (description = 'Check the quote.') => toast({ title: 'Quote Not Sent', description, variant: 'destructive' });

/** "= $240.00" under a line, once its quantity and price can be read. */
function LineAmount({ quantity = '', unitPrice = '' }: { quantity?: string; unitPrice?: string }) {
  const cents = dollarsToCents(unitPrice);
  if (!/^\s*\d+\s*$/.test(quantity) || cents === null) return null;
  return <p className="text-right text-sm font-semibold text-neutral-800">= {formatCents(Number(quantity) * cents, { alwaysCents: true, grouped: true })}</p>;
}
