/** The length and crew need of a job picked from the price list, as GET /api/time-slots takes them. */
export interface SlotsJob {
  /** Quarter hours, 15 to 600 (shared/job-length.ts). */
  minutes: number;
  twoPeople: boolean;
}

/** Query keys of the booking feature; the first element is the URL its fetcher reads. */
export const bookingKeys = {
  /**
   * The starts of one day for a service's job length, or for the job picked from its price list
   * (`job`); without a service, the spec's call (a one-hour job).
   */
  slots: (isoDate: string, serviceType?: string | null, job?: SlotsJob | null) => {
    const service = serviceType ? `&serviceType=${encodeURIComponent(serviceType)}` : '';
    const picked = serviceType && job ? `&minutes=${job.minutes}&twoPeople=${job.twoPeople}` : '';
    return [`/api/time-slots?date=${encodeURIComponent(isoDate)}${service}${picked}`] as const;
  },
  /** Matches the slots of one day for every service and job, for invalidating after a booking or a conflict. */
  slotsOfDay:
    (isoDate: string) =>
    (query: { queryKey: readonly unknown[] }): boolean => {
      const url = query.queryKey[0];
      const day = bookingKeys.slots(isoDate)[0];
      return typeof url === 'string' && (url === day || url.startsWith(`${day}&`));
    },
  /** GET /api/price-list: every service's items (the /book page carries it). */
  priceList: () => ['/api/price-list'] as const,
};
