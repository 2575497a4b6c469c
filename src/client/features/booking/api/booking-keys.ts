/** Query keys of the booking feature; the first element is the URL its fetcher reads. */
export const bookingKeys = {
  /**
   * The starts of one day for a service's job length; without a service, the spec's call (a
   * one-hour job).
   */
  slots: (isoDate: string, serviceType?: string | null) =>
    [`/api/time-slots?date=${encodeURIComponent(isoDate)}${serviceType ? `&serviceType=${encodeURIComponent(serviceType)}` : ''}`] as const,
  /** Matches the slots of one day for every service, for invalidating after a booking or a conflict. */
  slotsOfDay:
    (isoDate: string) =>
    (query: { queryKey: readonly unknown[] }): boolean => {
      const url = query.queryKey[0];
      const day = bookingKeys.slots(isoDate)[0];
      return typeof url === 'string' && (url === day || url.startsWith(`${day}&`));
    },
};
