-- A booking keeps its job as it was priced (decision 0018): the lines from the price list (name,
-- quantity, unit and line amounts in cents, minutes; not item ids, which the owner may rename or
-- delete), their total, and whether the job needs a crew of two. Existing bookings were booked as
-- a whole: no lines, no total, any crew.
ALTER TABLE "bookings" ADD COLUMN "two_people" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "total_cents" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_lines_check" CHECK (jsonb_typeof("bookings"."lines") = 'array' and ("bookings"."total_cents" is null) = ("bookings"."lines" = '[]'::jsonb));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_total_check" CHECK ("bookings"."total_cents" >= 0);
