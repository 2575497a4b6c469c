/** Query keys of the booking feature; the first element is the URL the default queryFn reads. */
export const bookingKeys = {
  slots: (isoDate: string) => [`/api/time-slots?date=${encodeURIComponent(isoDate)}`] as const,
};
