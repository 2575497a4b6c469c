CREATE TABLE "demo_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "demo_refunds_amount_check" CHECK ("demo_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_last_number_check" CHECK ("invoice_counters"."last_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "invoice_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"invoice_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"tip_cents" integer DEFAULT 0 NOT NULL,
	"excess_cents" integer DEFAULT 0 NOT NULL,
	"provider_intent_id" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_method_check" CHECK ("invoice_payments"."method" in ('card', 'cash', 'check', 'zelle', 'venmo')),
	CONSTRAINT "invoice_payments_amounts_check" CHECK ("invoice_payments"."amount_cents" >= 0 and "invoice_payments"."tip_cents" >= 0 and "invoice_payments"."excess_cents" >= 0 and "invoice_payments"."amount_cents" + "invoice_payments"."tip_cents" + "invoice_payments"."excess_cents" > 0),
	CONSTRAINT "invoice_payments_card_check" CHECK (("invoice_payments"."method" = 'card') = ("invoice_payments"."provider_intent_id" is not null) and ("invoice_payments"."method" = 'card' or ("invoice_payments"."tip_cents" = 0 and "invoice_payments"."excess_cents" = 0)))
);
--> statement-breakpoint
CREATE TABLE "invoice_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"provider_refund_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT 'owner' NOT NULL,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_refunds_amount_check" CHECK ("invoice_refunds"."amount_cents" > 0),
	CONSTRAINT "invoice_refunds_status_check" CHECK ("invoice_refunds"."status" in ('pending', 'refunded', 'failed')),
	CONSTRAINT "invoice_refunds_reason_check" CHECK ("invoice_refunds"."reason" in ('owner', 'overpayment'))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"number" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"lines" jsonb NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"tax_rate_bps" integer DEFAULT 0 NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"deposit_credit_cents" integer DEFAULT 0 NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"tip_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_booking_id_unique" UNIQUE("booking_id"),
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('draft', 'sent', 'partly_paid', 'paid', 'void')),
	CONSTRAINT "invoices_number_check" CHECK (case "invoices"."status" when 'draft' then "invoices"."number" is null when 'void' then true else "invoices"."number" is not null end),
	CONSTRAINT "invoices_lines_check" CHECK (jsonb_typeof("invoices"."lines") = 'array'),
	CONSTRAINT "invoices_money_check" CHECK ("invoices"."subtotal_cents" >= 0 and "invoices"."tax_cents" >= 0 and "invoices"."discount_cents" between 0 and "invoices"."subtotal_cents" and "invoices"."deposit_credit_cents" >= 0),
	CONSTRAINT "invoices_total_check" CHECK ("invoices"."total_cents" = "invoices"."subtotal_cents" - "invoices"."discount_cents" + "invoices"."tax_cents"),
	CONSTRAINT "invoices_tax_rate_check" CHECK ("invoices"."tax_rate_bps" between 0 and 10000),
	CONSTRAINT "invoices_paid_check" CHECK ("invoices"."paid_cents" between 0 and greatest("invoices"."total_cents" - "invoices"."deposit_credit_cents", 0) and "invoices"."tip_cents" >= 0),
	CONSTRAINT "invoices_refunded_check" CHECK ("invoices"."refunded_cents" >= 0),
	CONSTRAINT "invoices_paid_at_check" CHECK (("invoices"."status" = 'paid') = ("invoices"."paid_at" is not null)),
	CONSTRAINT "invoices_voided_at_check" CHECK (("invoices"."status" = 'void') = ("invoices"."voided_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "demo_payments" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "demo_payments" ADD COLUMN "invoice_id" integer;--> statement-breakpoint
ALTER TABLE "demo_payments" ADD COLUMN "tip_cents" integer;--> statement-breakpoint
ALTER TABLE "demo_payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Demo deposits refunded before partial refunds existed were refunded in full.
UPDATE "demo_payments" SET "refunded_cents" = "amount" WHERE "status" = 'refunded';--> statement-breakpoint
ALTER TABLE "demo_refunds" ADD CONSTRAINT "demo_refunds_payment_id_demo_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."demo_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_links" ADD CONSTRAINT "invoice_links_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_refunds" ADD CONSTRAINT "invoice_refunds_payment_id_invoice_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demo_refunds_payment_idx" ON "demo_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "invoice_links_invoice_idx" ON "invoice_links" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_intent_key" ON "invoice_payments" USING btree ("provider_intent_id") WHERE "invoice_payments"."provider_intent_id" is not null;--> statement-breakpoint
CREATE INDEX "invoice_refunds_payment_idx" ON "invoice_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_refunds_provider_key" ON "invoice_refunds" USING btree ("provider_refund_id") WHERE "invoice_refunds"."provider_refund_id" is not null;--> statement-breakpoint
ALTER TABLE "demo_payments" ADD CONSTRAINT "demo_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demo_payments_invoice_idx" ON "demo_payments" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "demo_payments" ADD CONSTRAINT "demo_payments_owner_check" CHECK (("demo_payments"."booking_id" is null) <> ("demo_payments"."invoice_id" is null));--> statement-breakpoint
ALTER TABLE "demo_payments" ADD CONSTRAINT "demo_payments_refunded_check" CHECK ("demo_payments"."refunded_cents" between 0 and "demo_payments"."amount");