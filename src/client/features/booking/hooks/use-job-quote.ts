import { useMemo, useState } from 'react';
import type { PriceListItem } from '../../../../shared/schemas/price-list';
import { usePriceList } from '../api/get-price-list';
import { NO_CHOICES, pickedJob, withAddOn, withQuantity, type ItemChoices } from '../utils/job-quote';

const NO_ITEMS: readonly PriceListItem[] = [];

/**
 * The items the visitor picks for the chosen service and the job they make (issue 22). Choices
 * are kept per service, so going back to a service finds them as left; only the chosen service's
 * count. A service with no items (or before the list is read) has no job: it is booked as a whole.
 */
export function useJobQuote(serviceType: string | undefined) {
  const priceList = usePriceList();
  const entry = serviceType ? priceList.data?.find((s) => s.serviceType === serviceType) : undefined;
  const items = entry?.items ?? NO_ITEMS;
  const twoPeopleBookable = entry?.twoPeopleBookable ?? false;
  const [byService, setByService] = useState<Readonly<Record<string, ItemChoices>>>({});
  const choices = (serviceType && byService[serviceType]) || NO_CHOICES;
  const job = useMemo(() => pickedJob(items, choices, twoPeopleBookable), [items, choices, twoPeopleBookable]);

  function update(change: (current: ItemChoices) => ItemChoices) {
    if (!serviceType) return;
    setByService((all) => ({ ...all, [serviceType]: change(all[serviceType] ?? NO_CHOICES) }));
  }

  return {
    items,
    twoPeopleBookable,
    choices,
    job,
    setQuantity: (item: PriceListItem, quantity: number) => update((current) => withQuantity(current, item, quantity)),
    setAddOn: (itemId: number, addOnId: number, on: boolean) => update((current) => withAddOn(current, itemId, addOnId, on)),
    /** Reads the list again (a booking refused for it: the owner may have changed it meanwhile). */
    refreshList: () => void priceList.refetch(),
  };
}

export type JobQuoteState = ReturnType<typeof useJobQuote>;
