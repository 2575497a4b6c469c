import { apiJson } from '../../../lib/api';
import { useRefreshingMutation } from '../../../lib/admin-api';
import { useUrlQuery } from '../../../lib/url-query';
import { messageSchema } from '../../../../shared/schemas/common';
import { adminServicesSchema } from '../../../../shared/schemas/admin-content';
import {
  adminPriceAddOnSchema,
  adminPriceAddOnsSchema,
  adminPriceItemSchema,
  adminPriceItemsSchema,
  type PriceAddOnInput,
  type PriceAddOnPatch,
  type PriceItemInput,
  type PriceItemPatch,
} from '../../../../shared/schemas/admin-price-list';

/** Query keys of the owner's price list. The first element is the URL its fetcher reads. */
export const pricesKeys = {
  items: () => ['/api/admin/price-items'] as const,
  addOns: () => ['/api/admin/price-add-ons'] as const,
  /** The services the items are grouped under (the Services tab reads the same query). */
  services: () => ['/api/admin/services'] as const,
};

export const useAdminPriceItems = () => useUrlQuery(pricesKeys.items(), adminPriceItemsSchema);
export const useAdminPriceAddOns = () => useUrlQuery(pricesKeys.addOns(), adminPriceAddOnsSchema);
export const useAdminServiceNames = () => useUrlQuery(pricesKeys.services(), adminServicesSchema);

const ITEMS_URL = pricesKeys.items()[0];
const ADD_ONS_URL = pricesKeys.addOns()[0];

export const createPriceItem = (values: PriceItemInput) => apiJson('POST', ITEMS_URL, adminPriceItemSchema, values);
export const updatePriceItem = ({ id, values }: { id: number; values: PriceItemPatch }) => apiJson('PATCH', `${ITEMS_URL}/${id}`, adminPriceItemSchema, values);
export const deletePriceItem = (id: number) => apiJson('DELETE', `${ITEMS_URL}/${id}`, messageSchema);
export const createAddOn = (values: PriceAddOnInput) => apiJson('POST', ADD_ONS_URL, adminPriceAddOnSchema, values);
export const updateAddOn = ({ id, values }: { id: number; values: PriceAddOnPatch }) => apiJson('PATCH', `${ADD_ONS_URL}/${id}`, adminPriceAddOnSchema, values);
export const deleteAddOn = (id: number) => apiJson('DELETE', `${ADD_ONS_URL}/${id}`, messageSchema);

// A change to either list refreshes both (an item deleted leaves its add-ons; an add-on names its
// items) and the visitors' copy of the list.
const PRICE_URLS = [ITEMS_URL, ADD_ONS_URL, '/api/price-list'];

export const useCreatePriceItem = () => useRefreshingMutation(createPriceItem, ...PRICE_URLS);
export const useUpdatePriceItem = () => useRefreshingMutation(updatePriceItem, ...PRICE_URLS);
export const useDeletePriceItem = () => useRefreshingMutation(deletePriceItem, ...PRICE_URLS);
export const useCreateAddOn = () => useRefreshingMutation(createAddOn, ...PRICE_URLS);
export const useUpdateAddOn = () => useRefreshingMutation(updateAddOn, ...PRICE_URLS);
export const useDeleteAddOn = () => useRefreshingMutation(deleteAddOn, ...PRICE_URLS);
