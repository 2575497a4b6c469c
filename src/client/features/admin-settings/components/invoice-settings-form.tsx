import type { Settings } from '../../../../shared/schemas/settings';
import { BoundInput } from '../../../components/admin/fields';
import { useSettingsForm } from '../hooks/use-settings-form';
import { bpsToPercent, invoiceSettingsFormSchema } from '../utils/settings-forms';
import { SaveButton, Section } from './settings-section';

/** What invoices charge beyond their lines: the sales tax on materials (labour is not taxed). */
export function InvoiceSettingsForm({ settings }: { settings: Settings }) {
  const { submit, pending, bind } = useSettingsForm({
    schema: invoiceSettingsFormSchema,
    values: (s) => ({ materialsTaxRateBps: bpsToPercent(s.materialsTaxRateBps) }),
    settings,
    saved: { title: 'Invoice Settings Saved', description: 'New invoices and their edits use the new rate.' },
    fallback: 'Could not save the invoice settings. Please try again.',
  });
  return (
    <Section title="Invoices" description="Lines marked as materials on an invoice are taxed at this rate; labour is not. Invoices already sent keep theirs until edited." onSubmit={submit}>
      <BoundInput {...bind('materialsTaxRateBps')} label="Tax on materials (%)" hint="A percent, such as 10.25; 0 for none." inputMode="decimal" />
      <SaveButton pending={pending} label="Save invoice settings" />
    </Section>
  );
}
