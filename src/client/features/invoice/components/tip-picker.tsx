import type { Ref } from 'react';
import { formatCents } from '../../../../shared/money';
import { controlAria, FieldError, FieldHint, roomyInputClass } from '../../../components/form-field';
import { percentTipCents, TIP_PERCENTS, type TipChoice } from '../utils/tip';

const money = (cents: number) => formatCents(cents, { grouped: true, alwaysCents: true });

const OPTION =
  'flex min-h-12 cursor-pointer items-center gap-2 rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm font-medium text-ink-950 hover:border-gold-500 has-[:checked]:border-ink-950 has-[:checked]:bg-gold-50 has-[:checked]:ring-1 has-[:checked]:ring-ink-950 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-600';

interface TipPickerProps {
  jobPriceCents: number;
  choice: TipChoice;
  onChoice: (choice: TipChoice) => void;
  otherText: string;
  onOtherText: (text: string) => void;
  /** Under "Other amount": not dollars, or the server's word on a tip too large. */
  error?: string;
  /** The dollars field, to focus when it is wrong. */
  otherRef?: Ref<HTMLInputElement>;
}

/**
 * "Add a tip": none, 15, 20 or 25 % of the job's price before the deposit (each in dollars), or
 * an amount typed in dollars. A radio group; the dollars field shows under "Other amount".
 */
export function TipPicker({ jobPriceCents, choice, onChoice, otherText, onOtherText, error, otherRef }: TipPickerProps) {
  const options: { value: TipChoice; label: string }[] = [
    { value: 'none', label: 'None' },
    ...TIP_PERCENTS.map((p) => ({ value: `${p}` as TipChoice, label: `${p}% (${money(percentTipCents(jobPriceCents, p))})` })),
    { value: 'other', label: 'Other amount' },
  ];
  return (
    <fieldset aria-describedby="tip-hint">
      <legend className="font-display text-xl font-semibold text-ink-950">Add a tip</legend>
      <FieldHint id="tip-hint" look="roomy">
        Optional. Percentages are of the job&apos;s price, {money(jobPriceCents)}.
      </FieldHint>
      <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {options.map(({ value, label }) => (
          <label key={value} className={`${OPTION} ${value === 'other' ? 'col-span-2 sm:col-span-4' : ''}`}>
            <input type="radio" name="tip" value={value} checked={choice === value} onChange={() => onChoice(value)} className="h-4 w-4 shrink-0 accent-ink-950" />
            {label}
          </label>
        ))}
      </div>
      {choice === 'other' && (
        <div className="mt-3">
          <label htmlFor="tip-other" className="mb-1.5 block text-sm font-semibold text-ink-900">
            Tip in dollars
          </label>
          <div className="relative max-w-48">
            <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-neutral-600" aria-hidden="true">
              $
            </span>
            <input
              ref={otherRef}
              {...controlAria('tip-other', error)}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              value={otherText}
              onChange={(e) => onOtherText(e.target.value)}
              className={`${roomyInputClass} pl-7`}
            />
          </div>
          <FieldError id="tip-other-error" message={error} look="roomy" />
        </div>
      )}
    </fieldset>
  );
}
