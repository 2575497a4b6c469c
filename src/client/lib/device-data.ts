/**
 * What the site keeps on a device about its customers (today's and tomorrow's jobs for Today
 * with no signal, issue 24) is forgotten when the account signs out: the key prefix of such data,
 * and the forgetting. Actions waiting for a signal are not customer data and are kept: they are
 * sent (or refused) when someone signs in again, never dropped in silence.
 */
export const CUSTOMER_DATA_PREFIX = 'customer-data:';

export function forgetCustomerData() {
  try {
    const store = window.localStorage;
    for (const key of Object.keys(store).filter((k) => k.startsWith(CUSTOMER_DATA_PREFIX))) store.removeItem(key);
  } catch {
    // No storage: nothing was kept.
  }
}
