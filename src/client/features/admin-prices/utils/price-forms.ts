import { z } from 'zod';
import { priceAddOnInputSchema, priceItemInputSchema, type AdminPriceAddOn, type AdminPriceItem } from '../../../../shared/schemas/admin-price-list';
import { dollarsField, dollarsText, PRICE_DOLLARS_MESSAGE } from '../../../lib/dollars';
import { apiFieldErrors, setServerErrors } from '../../../lib/form-errors';
import { checkWith, numberText } from '../../../lib/form-checks';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/*
 * The price list's dialogs: their boxes as typed (dollars, minutes as text, checkboxes), turned by
 * these schemas into the shared inputs, with the shared schemas' messages.
 */

const item = priceItemInputSchema.shape;
const addOn = priceAddOnInputSchema.shape;

/** An empty order box leaves the order as it is (a new item goes last). */
const orderText = z.string().transform((text, ctx) => (text.trim() === '' ? undefined : checkWith(item.sortOrder.unwrap(), Number(text), ctx)));

export const itemFormSchema = z
  .object({
    serviceType: z.string(),
    name: item.name,
    description: item.description,
    price: dollarsField,
    priceIsFrom: z.boolean(),
    minutes: numberText(item.minutes),
    twoPeople: z.boolean(),
    maxQuantity: numberText(item.maxQuantity.unwrap()),
    sortOrder: orderText,
    active: z.boolean(),
  })
  .transform(({ price, ...values }) => ({ ...values, priceCents: price }));
export type ItemFormValues = z.input<typeof itemFormSchema>;
export type ItemFormOutput = z.output<typeof itemFormSchema>;

/** The item dialog's boxes for `existing`, or for a new item of `serviceType`. */
export function itemFormValues(existing: AdminPriceItem | null, serviceType: string): ItemFormValues {
  if (!existing) return { serviceType, name: '', description: '', price: '', priceIsFrom: false, minutes: '60', twoPeople: false, maxQuantity: '10', sortOrder: '', active: true };
  return {
    serviceType: existing.serviceType,
    name: existing.name,
    description: existing.description,
    price: dollarsText(existing.priceCents),
    priceIsFrom: existing.priceIsFrom,
    minutes: String(existing.minutes),
    twoPeople: existing.twoPeople,
    maxQuantity: String(existing.maxQuantity),
    sortOrder: String(existing.sortOrder),
    active: existing.active,
  };
}

/**
 * RHF gives a group of checkboxes sharing a name as the checked values, but a group of one as
 * that value or false: each is read as the list of ids checked.
 */
const checkedIds = z.union([z.array(z.string()), z.string(), z.boolean()]).transform((v) => (Array.isArray(v) ? v : typeof v === 'string' ? [v] : []).map(Number));

export const addOnFormSchema = z
  .object({
    name: addOn.name,
    price: dollarsField,
    minutes: numberText(addOn.minutes.unwrap()),
    itemIds: checkedIds,
  })
  .transform(({ price, ...values }) => ({ ...values, priceCents: price }));
export type AddOnFormValues = z.input<typeof addOnFormSchema>;
export type AddOnFormOutput = z.output<typeof addOnFormSchema>;

export function addOnFormValues(existing: AdminPriceAddOn | null): AddOnFormValues {
  if (!existing) return { name: '', price: '', minutes: '0', itemIds: [] };
  return { name: existing.name, price: dollarsText(existing.priceCents), minutes: String(existing.minutes), itemIds: existing.itemIds.map(String) };
}

/**
 * Puts a refused save's messages under the dialog's boxes: each under the box of its name (an
 * item id's, `itemIds.2`, under the list of items), the price in cents under the dollars box in
 * that box's own words (the server's speak of cents).
 */
export function showServerErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>) {
  setServerErrors(err, setError, (path) => (path === 'priceCents' ? null : path.split('.')[0]!));
  if (apiFieldErrors(err).priceCents) setError('price' as Path<T>, { type: 'server', message: PRICE_DOLLARS_MESSAGE });
}
