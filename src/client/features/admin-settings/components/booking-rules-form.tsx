import type { Settings } from '../../../../shared/schemas/settings';
import { useSettingsForm } from '../hooks/use-settings-form';
import { bookingRulesFormSchema } from '../utils/settings-forms';
import { NumberFields, SaveButton, Section } from './settings-section';

/** How far ahead customers can book and how soon a job can start. */
export function BookingRulesForm({ settings }: { settings: Settings }) {
  const { submit, pending, bind } = useSettingsForm({
    schema: bookingRulesFormSchema,
    values: (s) => ({ bookingWindowDays: String(s.bookingWindowDays), minNoticeHours: String(s.minNoticeHours) }),
    settings,
    saved: { title: 'Booking Rules Saved', description: 'The booking calendar follows the new rules.' },
    fallback: 'Could not save the booking rules. Please try again.',
  });

  return (
    <Section title="Booking rules" onSubmit={submit}>
      <NumberFields names={['bookingWindowDays', 'minNoticeHours']} bind={bind} />
      <SaveButton pending={pending} label="Save booking rules" />
    </Section>
  );
}
