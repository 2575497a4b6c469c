-- Reminders of sent, unpaid invoices (issue 23, part 4; decision 0021): how many were queued
-- (at 3 and 7 days after the invoice was last sent) and when, so that none is sent twice.
ALTER TABLE "invoices" ADD COLUMN "reminders_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "invoices_owed_sent_at_idx" ON "invoices" USING btree ("sent_at") WHERE "invoices"."status" in ('sent', 'partly_paid');--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_reminders_check" CHECK ("invoices"."reminders_sent" between 0 and 2);