import { PanelError, PanelLoading } from '../../../components/admin/panel-states';
import { useAdminSettings } from '../api/settings-api';
import { BookingRulesForm } from './booking-rules-form';
import { BusinessForm } from './business-form';
import { ClosedDatesSection } from './closed-dates-section';
import { HoursForm } from './hours-form';
import { InvoiceSettingsForm } from './invoice-settings-form';

/** The business's facts, hours, closed dates, booking rules and invoice tax, as the website, the schedule and the invoices use them. */
export function BusinessPanel() {
  const settings = useAdminSettings();
  if (settings.isPending) return <PanelLoading label="Loading settings..." />;
  if (settings.isError) return <PanelError error={settings.error} fallback="Could not load the settings. Please reload the page." />;
  const s = settings.data;
  return (
    <div className="space-y-4">
      <BusinessForm settings={s} />
      <HoursForm settings={s} />
      <ClosedDatesSection closedDates={s.closedDates} />
      <BookingRulesForm settings={s} />
      <InvoiceSettingsForm settings={s} />
    </div>
  );
}
