import { CUSTOMERS_LIMIT, type CustomerDetail, type CustomersResponse } from '../../../shared/schemas/admin-customers';
import type { DbOrTx } from '../../db/client';
import { findCustomer, findCustomerAccountSince, listCustomerBookings, listCustomerMessages, searchCustomers, type CustomerFigures } from '../repositories/customers';
import { NotFoundError } from '../../errors';
import { toAdminBooking } from '../../bookings';
import { todayInZone } from '../../schedule';

/** More than any one customer books or writes; the detail view lists up to this many of each. */
const DETAIL_LIMIT = 200;

interface CustomerDeps {
  db: DbOrTx;
  now: Date;
  timeZone: string;
}

const toSummary = (c: CustomerFigures) => ({ ...c, lastActivityAt: c.lastActivityAt.toISOString() });

/** Customers matching `q` (name, email or phone; empty: everyone), most recent activity first. */
export async function listCustomers(deps: CustomerDeps, q: string): Promise<CustomersResponse> {
  const { rows, total } = await searchCustomers(deps.db, { q, today: todayInZone(deps.now, deps.timeZone), limit: CUSTOMERS_LIMIT });
  return { customers: rows.map(toSummary), total, limit: CUSTOMERS_LIMIT };
}

/** One customer by email (any case): figures, bookings and messages. */
export async function getCustomer(deps: CustomerDeps, email: string): Promise<CustomerDetail> {
  const today = todayInZone(deps.now, deps.timeZone);
  const found = await findCustomer(deps.db, { email, today });
  if (!found) throw new NotFoundError('No customer has booked, signed up or written with that email address.');
  const [since, bookingRows, messageRows] = await Promise.all([
    findCustomerAccountSince(deps.db, email),
    listCustomerBookings(deps.db, email, DETAIL_LIMIT),
    listCustomerMessages(deps.db, email, DETAIL_LIMIT),
  ]);
  return {
    ...toSummary(found),
    accountSince: since?.toISOString() ?? null,
    bookingList: bookingRows.map(toAdminBooking),
    messageList: messageRows.map((m) => ({ id: m.id, fullName: m.fullName, email: m.email, subject: m.subject, message: m.message, createdAt: m.createdAt.toISOString() })),
  };
}
