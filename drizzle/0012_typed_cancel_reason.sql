-- A cancellation's reason becomes one of a fixed set (CANCEL_REASONS in src/shared/constants.ts):
-- the owner's cancellations stored the sentence shown in /admin, and early versions called an
-- expired hold 'Deposit not paid in time'. Any other text was a cancellation by the business.
UPDATE "bookings" SET "cancel_reason" = 'hold_expired' WHERE "cancel_reason" = 'Deposit not paid in time';--> statement-breakpoint
UPDATE "bookings" SET "cancel_reason" = 'business' WHERE "cancel_reason" NOT IN ('customer', 'business', 'hold_expired');--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancel_reason_check" CHECK ("bookings"."cancel_reason" in ('customer', 'business', 'hold_expired'));
