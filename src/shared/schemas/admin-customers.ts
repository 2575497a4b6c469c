import { z } from 'zod';
import { adminBookingSchema, contactSubmissionSchema } from './admin';
import { instantSchema } from './fields';

/** The most customers one search returns; the reply says when there are more. */
export const CUSTOMERS_LIMIT = 50;

/** GET /api/admin/customers?q=: name, email or phone, any part, any case; empty lists everyone. */
export const customersQuerySchema = z.object({
  q: z.preprocess(
    (v) => (v === undefined ? '' : v),
    z.string({ error: 'Enter a name, email or phone number to search for' }).trim().max(100, 'Search text is too long (100 characters at most)'),
  ),
});

export const customerSummarySchema = z.object({
  /** Lower-cased: one customer per address, however it was typed. */
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  hasAccount: z.boolean(),
  bookings: z.number(),
  /** Bookings still to come (not cancelled, from today on). */
  upcoming: z.number(),
  messages: z.number(),
  /** The latest booking, message, sign-up or sign-in. */
  lastActivityAt: instantSchema,
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customersResponseSchema = z.object({
  customers: z.array(customerSummarySchema),
  /** How many customers match; more than `customers.length` when the list was cut at CUSTOMERS_LIMIT. */
  total: z.number(),
  limit: z.number(),
});
export type CustomersResponse = z.infer<typeof customersResponseSchema>;

export const customerDetailQuerySchema = z.object({
  email: z
    .string({ error: 'Enter the customer’s email address' })
    .trim()
    .min(1, 'Enter the customer’s email address')
    .max(254, 'Enter a valid email address')
    .email({ message: 'Enter a valid email address' }),
});

export const customerDetailSchema = customerSummarySchema.extend({
  /** When the account was made; null for a guest booker. */
  accountSince: z.string().nullable(),
  /** Newest appointment first. */
  bookingList: z.array(adminBookingSchema),
  /** Newest first. */
  messageList: z.array(contactSubmissionSchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;
