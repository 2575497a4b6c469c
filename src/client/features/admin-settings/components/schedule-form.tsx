import { useWatch } from 'react-hook-form';
import type { Settings } from '../../../../shared/schemas/settings';
import { inputClass } from '../../../components/form-field';
import { BoundTextArea } from '../../../components/admin/fields';
import { useSettingsForm } from '../hooks/use-settings-form';
import { parseZips } from '../utils/calendar-text';
import { crewCountOf, scheduleFormSchema } from '../utils/settings-forms';
import { CrewSizeFields } from './crew-size-fields';
import { NumberFields, SaveButton, Section } from './settings-section';

/** Travel buffer, crews with their sizes, and service ZIP codes. */
export function ScheduleForm({ settings }: { settings: Settings }) {
  const { form, submit, pending, bind } = useSettingsForm({
    schema: scheduleFormSchema,
    values: (s) => ({ travelBufferMinutes: String(s.travelBufferMinutes), crews: String(s.crews), crewSizes: s.crewSizes.map(String), serviceZips: s.serviceZips.join('\n') }),
    settings,
    saved: { title: 'Schedule Saved', description: 'New bookings use these settings from now on.' },
    fallback: 'Could not save the settings. Please try again.',
    // A ZIP's index (`serviceZips.3`) folds into its box; a crew's size (`crewSizes.1`) has its own.
    fieldOf: (path) => (path.startsWith('crewSizes.') ? path : path.split('.')[0]!),
  });
  const crewsText = useWatch({ control: form.control, name: 'crews' });

  return (
    <Section title="Jobs and service area" onSubmit={submit}>
      <NumberFields names={['travelBufferMinutes', 'crews']} bind={bind} />
      <CrewSizeFields count={crewCountOf(crewsText, settings.crews)} bind={bind} />
      <BoundTextArea
        {...bind('serviceZips', { onBlur: (e: { target: { value: string } }) => form.setValue('serviceZips', parseZips(e.target.value).join('\n')) })}
        label="Service ZIP codes"
        hint={
          <>
            One per line or separated by commas. Addresses with another ZIP code are turned away; an address without one is booked and marked &ldquo;area not
            checked&rdquo;.
          </>
        }
        rows={6}
        className={`${inputClass} font-mono`}
      />
      <SaveButton pending={pending} label="Save schedule settings" />
    </Section>
  );
}
