import { bookings } from '../../db/schema';

/** The columns of a booking that both the owner's and the customer's lists read, in this order. */
export const bookingColumns = {
  id: bookings.id,
  serviceType: bookings.serviceType,
  bookingDate: bookings.bookingDate,
  bookingTime: bookings.bookingTime,
  startsAt: bookings.startsAt,
  fullName: bookings.fullName,
  email: bookings.email,
  phone: bookings.phone,
  address: bookings.address,
  specialInstructions: bookings.specialInstructions,
  status: bookings.status,
  depositPaid: bookings.depositPaid,
  depositAmount: bookings.depositAmount,
  stripePaymentIntentId: bookings.stripePaymentIntentId,
  refundStatus: bookings.refundStatus,
  /** The job as priced (decision 0018): its answers carry the lines and total when it has lines. */
  lines: bookings.lines,
  totalCents: bookings.totalCents,
};
