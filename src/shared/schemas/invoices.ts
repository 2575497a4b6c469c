import { z } from 'zod';
import { MAX_PRICE_CENTS } from './admin-content';
import { centsSchema, instantSchema, textField } from './fields';
import { isoDateSchema } from './common';

/**
 * Invoices (issue 23, decision 0021): the owner's (/api/admin/bookings/:id/invoice,
 * /api/admin/invoices/:id/…) and the customer's through the emailed link (/api/invoices/:token).
 * Every amount is integer US cents.
 */

export const INVOICE_STATUSES = ['draft', 'sent', 'partly_paid', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** What the owner records by hand; card payments come through the payment provider only. */
export const HAND_PAYMENT_METHODS = ['cash', 'check', 'zelle', 'venmo'] as const;
export const PAYMENT_METHODS = ['card', ...HAND_PAYMENT_METHODS] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Said for an unknown, malformed or void invoice link alike. */
export const INVOICE_LINK_INVALID_MESSAGE = 'This link is no longer valid.';

export const INVOICE_LINES_MESSAGE = 'Give the invoice 1 to 50 lines';
export const QUANTITY_MESSAGE = 'Quantity must be a whole number from 1 to 999';
export const UNIT_PRICE_MESSAGE = `Unit price must be a whole number of cents from 0 to ${MAX_PRICE_CENTS}`;
export const DISCOUNT_MESSAGE = `Discount must be a whole number of cents from 0 to ${MAX_PRICE_CENTS}`;
export const TAXABLE_MESSAGE = 'Taxable must be true or false';
export const AMOUNT_MESSAGE = `Amount must be a whole number of cents from 1 to ${MAX_PRICE_CENTS}`;
export const TIP_MESSAGE = `Tip must be a whole number of cents from 0 to ${MAX_PRICE_CENTS}`;
export const METHOD_MESSAGE = 'Choose cash, check, Zelle or Venmo';

const cents = (min: number, message: string) => z.number({ error: message }).int(message).min(min, message).max(MAX_PRICE_CENTS, message);

/** A line as the owner writes it: labour from the booking, extra work, materials (taxable). */
export const invoiceLineSchema = z.object(
  {
    description: textField(1, 200, { required: 'Describe the line', long: 'Description is too long (200 characters at most)' }),
    quantity: z.number({ error: QUANTITY_MESSAGE }).int(QUANTITY_MESSAGE).min(1, QUANTITY_MESSAGE).max(999, QUANTITY_MESSAGE),
    unitCents: cents(0, UNIT_PRICE_MESSAGE),
    taxable: z.boolean({ error: TAXABLE_MESSAGE }),
  },
  { error: 'Each line needs a description, quantity, unitCents and taxable' },
);
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** PUT /api/admin/bookings/:id/invoice: the whole list of lines and the discount. */
export const updateInvoiceSchema = z.object({
  lines: z.array(invoiceLineSchema, { error: INVOICE_LINES_MESSAGE }).min(1, INVOICE_LINES_MESSAGE).max(50, INVOICE_LINES_MESSAGE),
  discountCents: cents(0, DISCOUNT_MESSAGE),
});
export type UpdateInvoiceInput = z.infer<typeof updateInvoiceSchema>;

/** POST /api/admin/invoices/:id/payments */
export const handPaymentSchema = z.object({
  method: z.enum(HAND_PAYMENT_METHODS, { error: METHOD_MESSAGE }),
  amountCents: cents(1, AMOUNT_MESSAGE),
  note: z.string({ error: 'Note must be text' }).trim().max(500, 'Note is too long (500 characters at most)').optional(),
});
export type HandPaymentInput = z.infer<typeof handPaymentSchema>;

/** POST /api/admin/invoices/:id/refund: back to the card(s) the invoice was paid with. */
export const invoiceRefundSchema = z.object({ amountCents: cents(1, AMOUNT_MESSAGE) });

/** A line in an answer, with its amount (as stored: a line drafted from a booking is not held to the input's limits). */
export const invoiceLineOutSchema = z.object({ description: z.string(), quantity: z.number(), unitCents: centsSchema, taxable: z.boolean(), amountCents: centsSchema });

/** The sums both the owner and the customer see. */
const moneyShape = {
  lines: z.array(invoiceLineOutSchema),
  subtotalCents: centsSchema,
  discountCents: centsSchema,
  /** Basis points: 1025 is 10.25 %. */
  taxRateBps: z.number(),
  taxCents: centsSchema,
  /** subtotal − discount + tax. */
  totalCents: centsSchema,
  depositCreditCents: centsSchema,
  /** Payments toward the balance so far, tips left out. */
  paidCents: centsSchema,
  tipCents: centsSchema,
  balanceCents: centsSchema,
};

export const invoicePaymentSchema = z.object({
  id: z.number(),
  method: z.enum(PAYMENT_METHODS),
  amountCents: centsSchema,
  tipCents: centsSchema,
  /** What a card took beyond the balance (refunded at once). */
  excessCents: centsSchema,
  note: z.string().nullable(),
  createdAt: instantSchema,
  /** Refunds of this payment asked for and not failed. */
  refundedCents: centsSchema,
});

export const invoiceRefundOutSchema = z.object({
  id: z.number(),
  paymentId: z.number(),
  amountCents: centsSchema,
  status: z.enum(['pending', 'refunded', 'failed']),
  reason: z.enum(['owner', 'overpayment']),
  createdAt: instantSchema,
});

/** GET /api/admin/bookings/:id/invoice, and `invoice` in every owner's action's answer. */
export const adminInvoiceSchema = z.object({
  id: z.number(),
  bookingId: z.number(),
  number: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  ...moneyShape,
  refundedCents: centsSchema,
  payments: z.array(invoicePaymentSchema),
  refunds: z.array(invoiceRefundOutSchema),
  sentAt: instantSchema.nullable(),
  paidAt: instantSchema.nullable(),
  voidedAt: instantSchema.nullable(),
  createdAt: instantSchema,
});
export type AdminInvoice = z.infer<typeof adminInvoiceSchema>;

export const adminInvoiceActionSchema = z.object({ invoice: adminInvoiceSchema, message: z.string() });

/** A payment as the customer's receipt lists it. */
export const customerPaymentSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  /** Toward the balance. */
  amountCents: centsSchema,
  tipCents: centsSchema,
  /** yyyy-MM-dd on the business's clock. */
  date: z.string(),
});
export type CustomerPayment = z.infer<typeof customerPaymentSchema>;

/** GET /api/invoices/:token: what the customer's page shows. */
export const customerInvoiceSchema = z.object({
  number: z.string(),
  status: z.enum(['sent', 'partly_paid', 'paid']),
  business: z.object({ name: z.string(), phone: z.string(), email: z.string(), address: z.string() }),
  customerName: z.string(),
  serviceName: z.string(),
  /** The job's date, yyyy-MM-dd. */
  jobDate: z.string(),
  /** The invoice's date: the day it was (last) sent, yyyy-MM-dd on the business's clock. */
  invoiceDate: z.string(),
  /** The day it was paid in full, yyyy-MM-dd on the business's clock; null until then. */
  paidDate: z.string().nullable(),
  ...moneyShape,
  /** The job's price before the deposit (the total): what the tip percentages are worked out on. */
  jobPriceCents: centsSchema,
  /** What was received, oldest first: by card (with its tip) or by hand; the deposit is `depositCreditCents`. */
  payments: z.array(customerPaymentSchema),
  /** The address the receipt was emailed to; null when no receipt email was sent. */
  receiptEmailedTo: z.string().nullable(),
});
export type CustomerInvoice = z.infer<typeof customerInvoiceSchema>;

export const invoiceTokenParamSchema = z.object({ token: z.string().max(200) });

/** POST /api/invoices/:token/payment-intent */
export const invoicePaymentIntentInputSchema = z.object({ tipCents: cents(0, TIP_MESSAGE) });
/** The amount is the server's: the balance plus the tip. */
export const invoicePaymentIntentSchema = z.object({ clientSecret: z.string(), amountCents: centsSchema });

/** POST /api/invoices/:token/confirm: the intent the browser came back with (Stripe's `payment_intent`). */
export const invoiceConfirmInputSchema = z.object({ paymentIntentId: z.string({ error: 'Give the payment intent' }).min(1, 'Give the payment intent').max(200, 'Give the payment intent') });
export const invoiceConfirmSchema = z.object({
  /** The provider's status of that intent: succeeded, processing, requires_payment_method, … */
  paymentStatus: z.string(),
  invoice: customerInvoiceSchema,
});

export const EXPORT_RANGE_MESSAGE = 'Choose a range of at most 366 days, the first day not after the last';

/** GET /api/admin/payments.csv?from=yyyy-MM-dd&to=yyyy-MM-dd (days on the business's clock, inclusive; both optional). */
export const paymentsExportQuerySchema = z.object({ from: isoDateSchema.optional(), to: isoDateSchema.optional() });
