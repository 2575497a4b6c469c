import { checkboxClass, controlAria, FormField, roomyInputClass } from '../../../components/form-field';
import type { BookingFormState } from '../hooks/use-booking-form';
import { TitledSection } from './titled-section';

/** The one-line contact fields, in the order a visitor fills them. */
const CONTACT_INPUTS = [
  { name: 'fullName', label: 'Full Name', type: 'text', autoComplete: 'name' },
  { name: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel' },
  { name: 'email', label: 'Email Address', type: 'email', autoComplete: 'email' },
  { name: 'address', label: 'Service Address', type: 'text', autoComplete: 'street-address' },
] as const;

type ContactFieldsProps = Pick<BookingFormState, 'ids' | 'form' | 'post' | 'addressError' | 'textsEnabled'>;

/** "Your Details": who to reach and where the job is, and (when the site sends texts) the texts opt-in. */
export function BookingContactFields({ ids, form, post, addressError, textsEnabled }: ContactFieldsProps) {
  const { register, formState } = form;
  const errorOf = (name: (typeof CONTACT_INPUTS)[number]['name'] | 'specialInstructions') => (name === 'address' ? addressError : formState.errors[name]?.message);
  return (
    <TitledSection id={`${ids.uid}-details-title`} title="Your Details" className="space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        {CONTACT_INPUTS.map(({ name, label, type, autoComplete }) => (
          <FormField key={name} id={ids[name]} label={label} error={errorOf(name)} look="roomy">
            <input defaultValue={post?.values?.[name]} {...register(name)} {...controlAria(ids[name], errorOf(name))} type={type} autoComplete={autoComplete} className={roomyInputClass} />
          </FormField>
        ))}
        <FormField id={ids.specialInstructions} label="Special Instructions (Optional)" error={errorOf('specialInstructions')} look="roomy" className="md:col-span-2">
          <textarea
            defaultValue={post?.values?.specialInstructions}
            {...register('specialInstructions')}
            {...controlAria(ids.specialInstructions, errorOf('specialInstructions'))}
            rows={4}
            placeholder="Item details, parking, wall type, anything we should know"
            className={roomyInputClass}
          />
        </FormField>
        {textsEnabled && (
          <div className="md:col-span-2">
            <div className="flex items-start gap-3">
              <input {...register('smsOptIn')} id={ids.smsOptIn} type="checkbox" aria-describedby={`${ids.smsOptIn}-hint`} className={checkboxClass} />
              <label htmlFor={ids.smsOptIn} className="text-sm font-semibold text-ink-900">
                Text me reminders and updates
              </label>
            </div>
            <p id={`${ids.smsOptIn}-hint`} className="mt-1 pl-8 text-sm text-neutral-600">
              A reminder the day before and a text when we are on our way, to the phone number above. Message and data rates may apply. Reply STOP to opt out.
            </p>
          </div>
        )}
      </div>
    </TitledSection>
  );
}
