ALTER TABLE "site_versions" ALTER COLUMN "version" SET DATA TYPE bigint;--> statement-breakpoint
-- Any change to what a day's availability is computed from bumps the `schedule` version, whatever
-- makes it (a route, a worker, another instance, an operator's SQL), so every instance's cached
-- time slots notice. The bump runs at commit (a deferred constraint trigger), once per
-- transaction, so the version row is locked only for the commit itself.
CREATE FUNCTION bump_schedule_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('app.schedule_bumped', true) IS DISTINCT FROM 'yes' THEN
    PERFORM set_config('app.schedule_bumped', 'yes', true);
    INSERT INTO site_versions (name, version, changed_at) VALUES ('schedule', 1, now())
      ON CONFLICT (name) DO UPDATE SET version = site_versions.version + 1, changed_at = now();
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER bookings_schedule_version_rows AFTER INSERT OR DELETE ON bookings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_schedule_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER bookings_schedule_version_times AFTER UPDATE ON bookings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.during IS DISTINCT FROM NEW.during OR OLD.status IS DISTINCT FROM NEW.status
        OR OLD.hold_expires_at IS DISTINCT FROM NEW.hold_expires_at OR OLD.crew IS DISTINCT FROM NEW.crew)
  EXECUTE FUNCTION bump_schedule_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER blocked_times_schedule_version AFTER INSERT OR UPDATE OR DELETE ON blocked_times
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_schedule_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER time_slots_schedule_version AFTER INSERT OR UPDATE OR DELETE ON time_slots
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_schedule_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER calendar_busy_schedule_version AFTER INSERT OR UPDATE OR DELETE ON calendar_busy
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_schedule_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER services_schedule_version_rows AFTER INSERT OR DELETE ON services
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_schedule_version();
--> statement-breakpoint
-- A new name, price or place in the list changes what pages say, not when a job fits.
CREATE CONSTRAINT TRIGGER services_schedule_version_length AFTER UPDATE ON services
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.duration_minutes IS DISTINCT FROM NEW.duration_minutes OR OLD.active IS DISTINCT FROM NEW.active OR OLD.slug IS DISTINCT FROM NEW.slug)
  EXECUTE FUNCTION bump_schedule_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER site_settings_schedule_version_rows AFTER INSERT OR DELETE ON site_settings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_schedule_version();
--> statement-breakpoint
-- Everything in the settings but the business's own details (name, phone, links) shapes the schedule.
CREATE CONSTRAINT TRIGGER site_settings_schedule_version_schedule AFTER UPDATE ON site_settings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.value - 'business') IS DISTINCT FROM (NEW.value - 'business'))
  EXECUTE FUNCTION bump_schedule_version();
