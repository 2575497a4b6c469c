import { useQuery } from '@tanstack/react-query';
import type { PriceList } from '../../../../shared/schemas/price-list';
import { getJson } from '../../../lib/api';
import { bookingKeys } from './booking-keys';

/** Every offered service's items, add-ons and whether a crew of two can be booked. */
export function getPriceList(): Promise<PriceList> {
  // The schema loads beside the request: the /book page carries the list, so this runs only for
  // the refresh after the page loaded (or a list read again after a refused booking).
  return getJson(
    bookingKeys.priceList()[0],
    import('../../../../shared/schemas/price-list').then((m) => m.priceListSchema),
  );
}

export function usePriceList() {
  return useQuery({ queryKey: bookingKeys.priceList(), queryFn: getPriceList });
}
