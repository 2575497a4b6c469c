-- The price list (decision 0018): items per service with price in cents, minutes, crew of two and
-- maximum quantity; add-ons linked to the items they go with; and the seed's marks, so the default
-- list is seeded once and a list the owner emptied stays empty.
CREATE TABLE "price_add_ons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"minutes" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "price_add_ons_price_check" CHECK ("price_add_ons"."price_cents" >= 0),
	CONSTRAINT "price_add_ons_minutes_check" CHECK ("price_add_ons"."minutes" between 0 and 720)
);
--> statement-breakpoint
CREATE TABLE "price_item_add_ons" (
	"item_id" integer NOT NULL,
	"add_on_id" integer NOT NULL,
	CONSTRAINT "price_item_add_ons_item_id_add_on_id_pk" PRIMARY KEY("item_id","add_on_id")
);
--> statement-breakpoint
CREATE TABLE "price_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_type" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"price_is_from" boolean DEFAULT false NOT NULL,
	"minutes" integer NOT NULL,
	"two_people" boolean DEFAULT false NOT NULL,
	"max_quantity" integer DEFAULT 10 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "price_items_price_check" CHECK ("price_items"."price_cents" >= 0),
	CONSTRAINT "price_items_minutes_check" CHECK ("price_items"."minutes" between 1 and 720),
	CONSTRAINT "price_items_max_quantity_check" CHECK ("price_items"."max_quantity" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "seed_marks" (
	"name" text PRIMARY KEY NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_item_add_ons" ADD CONSTRAINT "price_item_add_ons_item_id_price_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."price_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_item_add_ons" ADD CONSTRAINT "price_item_add_ons_add_on_id_price_add_ons_id_fk" FOREIGN KEY ("add_on_id") REFERENCES "public"."price_add_ons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_items" ADD CONSTRAINT "price_items_service_type_services_slug_fk" FOREIGN KEY ("service_type") REFERENCES "public"."services"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_item_add_ons_add_on_idx" ON "price_item_add_ons" USING btree ("add_on_id");--> statement-breakpoint
CREATE INDEX "price_items_service_idx" ON "price_items" USING btree ("service_type","sort_order");--> statement-breakpoint
-- Crews get a size (1 or 2 people). A site's stored crews become crews of two: until now any job
-- went to any crew, and a crew of two takes every job, so no start offered today is lost.
UPDATE "site_settings"
   SET "value" = jsonb_set("value", '{crewSizes}', (SELECT jsonb_agg(2) FROM generate_series(1, ("value"->>'crews')::int)))
 WHERE "value"->'crewSizes' IS NULL
   AND jsonb_typeof("value"->'crews') = 'number'
   AND ("value"->>'crews') ~ '^([1-9]|1[0-9]|20)$';
