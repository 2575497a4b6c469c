-- Sent emails and texts no longer keep their bodies (their links work for days and every backup
-- would hand them out, decision 0013): the rows sent before this version lose theirs too.
UPDATE "email_outbox" SET "text_body" = '', "html_body" = NULL, "attachments" = '[]'::jsonb WHERE "status" = 'sent';--> statement-breakpoint
UPDATE "sms_outbox" SET "body" = '' WHERE "status" = 'sent';
