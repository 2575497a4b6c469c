import { Minus, Plus, Users } from 'lucide-react';
import { formatCents } from '../../../../shared/money';
import type { PriceListItem } from '../../../../shared/schemas/price-list';
import { checkboxClass } from '../../../components/form-field';
import { jobLengthText } from '../utils/job-length';
import { priceText, type ItemChoice } from '../utils/job-quote';
import { EstimateLink } from './job-too-long';

interface ItemRowProps {
  item: PriceListItem;
  choice: ItemChoice | undefined;
  /** False when the item needs two people and no crew of two can be booked. */
  isAddable: boolean;
  /** Unique per row: the ids of its name, hints and add-ons. */
  idBase: string;
  onQuantity: (quantity: number) => void;
  onAddOn: (addOnId: number, on: boolean) => void;
}

const stepButton =
  'inline-flex h-11 w-11 items-center justify-center border border-neutral-300 bg-white text-ink-950 hover:border-gold-600 hover:bg-gold-50 disabled:cursor-not-allowed disabled:bg-neutral-100 disabled:text-neutral-400';

/**
 * One item of the price list: its price and time, a stepper for the quantity (0 to its maximum;
 * typing a number works too) and, once chosen, its add-ons. An item needing a crew of two when
 * there is none offers the free estimate instead.
 */
export function ItemRow({ item, choice, isAddable, idBase, onQuantity, onAddOn }: ItemRowProps) {
  const quantity = choice?.quantity ?? 0;
  const atMost = quantity >= item.maxQuantity;
  const nameId = `${idBase}-name`;
  const priceId = `${idBase}-price`;
  const detailsId = `${idBase}-details`;
  const maxId = `${idBase}-max`;
  const each = item.maxQuantity > 1 ? ' each' : '';
  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          <p id={nameId} className="font-semibold text-ink-950">
            {item.name}
          </p>
          <p id={priceId} className="text-sm text-neutral-700">
            <span className="font-semibold text-gold-800">{priceText(item.priceCents, item.priceIsFrom)}</span>
            {each}
          </p>
        </div>
        {isAddable && (
          <div role="group" aria-labelledby={nameId} className="flex shrink-0 items-center">
            <button type="button" aria-label={`Remove one ${item.name}`} disabled={quantity === 0} onClick={() => onQuantity(quantity - 1)} className={`${stepButton} rounded-l-md`}>
              <Minus className="h-4 w-4" aria-hidden="true" />
            </button>
            <input
              type="number"
              inputMode="numeric"
              min={0}
              max={item.maxQuantity}
              value={quantity}
              aria-label={`${item.name} quantity`}
              aria-describedby={[priceId, detailsId, atMost ? maxId : null].filter(Boolean).join(' ')}
              onChange={(e) => onQuantity(e.target.valueAsNumber)}
              // Enter here would submit the whole booking form.
              onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
              className="h-11 w-12 border-y border-neutral-300 bg-white text-center text-base text-neutral-900 [appearance:textfield] focus:border-gold-600 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
            />
            <button type="button" aria-label={`Add one ${item.name}`} disabled={atMost} onClick={() => onQuantity(quantity + 1)} className={`${stepButton} rounded-r-md`}>
              <Plus className="h-4 w-4" aria-hidden="true" />
            </button>
          </div>
        )}
      </div>
      <p id={detailsId} className="mt-1 text-sm text-neutral-600">
        {item.description && `${item.description} `}
        Takes {jobLengthText(item.minutes)}
        {each}.
        {item.twoPeople && (
          <span className="ml-1 inline-flex items-center gap-1 whitespace-nowrap font-medium text-ink-900">
            <Users className="h-3.5 w-3.5" aria-hidden="true" /> Needs two people.
          </span>
        )}
      </p>
      {atMost && (
        <p id={maxId} className="mt-1 text-sm text-neutral-600">
          {item.maxQuantity} at most on one visit.
        </p>
      )}
      {!isAddable && (
        <p className="mt-2 rounded-md border border-gold-300 bg-gold-50 p-3 text-sm text-ink-900">
          This needs a crew of two, and none can be booked online right now. Ask for a <EstimateLink /> instead.
        </p>
      )}
      {quantity > 0 && item.addOns.length > 0 && (
        <fieldset className="mt-3 rounded-md bg-neutral-50 p-3">
          <legend className="float-left mb-2 text-sm font-semibold text-ink-900">Add-ons for {item.name}</legend>
          <div className="clear-left space-y-2">
            {item.addOns.map((addOn) => {
              const id = `${idBase}-addon-${addOn.id}`;
              return (
                <div key={addOn.id} className="flex items-start gap-3">
                  <input id={id} type="checkbox" checked={choice?.addOns.includes(addOn.id) ?? false} onChange={(e) => onAddOn(addOn.id, e.target.checked)} className={checkboxClass} />
                  <label htmlFor={id} className="text-sm text-ink-900">
                    {addOn.name} <span className="whitespace-nowrap text-neutral-700">(+{formatCents(addOn.priceCents)} each)</span>
                  </label>
                </div>
              );
            })}
          </div>
        </fieldset>
      )}
    </li>
  );
}
