ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verify_token_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_verify_token_key" ON "users" USING btree ("email_verify_token_hash");