import { PanelError, PanelLoading } from '../../../components/admin/panel-states';
import { useAdminSettings } from '../api/settings-api';
import { CalendarsSection } from './calendars-section';
import { ScheduleForm } from './schedule-form';

/** The owner's schedule: travel buffer, crews, service ZIP codes and the calendars that block times. */
export function SchedulePanel() {
  const settings = useAdminSettings();
  return (
    <div className="space-y-4">
      {settings.isPending ? (
        <PanelLoading label="Loading settings..." />
      ) : settings.isError ? (
        <PanelError error={settings.error} fallback="Could not load the settings. Please reload the page." />
      ) : (
        <ScheduleForm settings={settings.data} />
      )}
      <CalendarsSection />
    </div>
  );
}
