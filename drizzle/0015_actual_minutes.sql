-- How long a job really took, in minutes, as the owner says when completing it (issue 22, part 4;
-- decision 0018, "Real times"). Null for every job so far: no real time was asked.
ALTER TABLE "bookings" ADD COLUMN "actual_minutes" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_actual_minutes_check" CHECK ("bookings"."actual_minutes" between 1 and 1440);