CREATE TABLE "estimate_photos" (
	"estimate_id" integer NOT NULL,
	"n" integer NOT NULL,
	"upload_name" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	CONSTRAINT "estimate_photos_estimate_id_n_pk" PRIMARY KEY("estimate_id","n"),
	CONSTRAINT "estimate_photos_n_check" CHECK ("estimate_photos"."n" between 1 and 6)
);
--> statement-breakpoint
CREATE TABLE "estimates" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"description" text NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"preferred_days" text DEFAULT '' NOT NULL,
	"area_checked" boolean,
	"bot_check" text DEFAULT 'off' NOT NULL,
	"client_ip" text,
	"declined_by" text,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estimates_status_check" CHECK ("estimates"."status" in ('new', 'quoted', 'booked', 'declined', 'expired')),
	CONSTRAINT "estimates_declined_by_check" CHECK ("estimates"."declined_by" in ('owner', 'customer'))
);
--> statement-breakpoint
CREATE TABLE "quote_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"quote_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"estimate_id" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"minutes" integer NOT NULL,
	"two_people" boolean DEFAULT false NOT NULL,
	"service_type" text,
	"note" text DEFAULT '' NOT NULL,
	"valid_until" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"declined_at" timestamp with time zone,
	"booked_booking_id" integer,
	"booked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('open', 'booked', 'declined', 'expired', 'withdrawn')),
	CONSTRAINT "quotes_lines_check" CHECK (jsonb_typeof("quotes"."lines") = 'array' and jsonb_array_length("quotes"."lines") > 0),
	CONSTRAINT "quotes_total_check" CHECK ("quotes"."total_cents" >= 0),
	CONSTRAINT "quotes_minutes_check" CHECK ("quotes"."minutes" between 1 and 600)
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "is_private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "estimate_photos" ADD CONSTRAINT "estimate_photos_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_photos" ADD CONSTRAINT "estimate_photos_upload_name_uploads_name_fk" FOREIGN KEY ("upload_name") REFERENCES "public"."uploads"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_links" ADD CONSTRAINT "quote_links_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_booked_booking_id_bookings_id_fk" FOREIGN KEY ("booked_booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estimates_status_idx" ON "estimates" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "quote_links_quote_idx" ON "quote_links" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "quotes_estimate_idx" ON "quotes" USING btree ("estimate_id");