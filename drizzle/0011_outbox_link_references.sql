ALTER TABLE "email_outbox" ADD COLUMN "link_kind" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "link_ref" integer;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "link_kind" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "link_ref" integer;