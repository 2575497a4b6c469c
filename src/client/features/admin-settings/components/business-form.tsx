import { useId } from 'react';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { controlAria, controlClass, FieldError, FieldHint, labelClass } from '../../../components/form-field';
import { errorAt } from '../../../lib/form-errors';
import type { Settings } from '../../../../shared/schemas/settings';
import { useSettingsForm } from '../hooks/use-settings-form';
import { businessFormSchema } from '../utils/settings-forms';
import { SaveButton, Section } from './settings-section';

type Business = Settings['business'];
const SOCIAL: { key: keyof Business['social']; label: string }[] = [
  { key: 'facebook', label: 'Facebook page' },
  { key: 'instagram', label: 'Instagram profile' },
  { key: 'yelp', label: 'Yelp page' },
  { key: 'google', label: 'Google Business profile' },
];

/** A text input with its label, hint and message. */
function TextField(props: {
  registration: UseFormRegisterReturn;
  errors: FieldErrors<Business>;
  label: string;
  type?: 'text' | 'tel' | 'email' | 'url' | 'number';
  autoComplete?: string;
  hint?: string;
  placeholder?: string;
}) {
  const id = useId();
  const error = errorAt(props.errors, props.registration.name);
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {props.label}
      </label>
      <input
        type={props.type ?? 'text'}
        inputMode={props.type === 'tel' ? 'tel' : props.type === 'url' ? 'url' : props.type === 'email' ? 'email' : props.type === 'number' ? 'numeric' : undefined}
        autoComplete={props.autoComplete ?? 'off'}
        placeholder={props.placeholder}
        className={controlClass}
        {...controlAria(id, error, Boolean(props.hint))}
        {...props.registration}
      />
      {props.hint && <FieldHint id={`${id}-hint`}>{props.hint}</FieldHint>}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The business's name, contact details and social links (shown on every page and in emails). */
export function BusinessForm({ settings }: { settings: Settings }) {
  const { form, submit, pending } = useSettingsForm({
    schema: businessFormSchema,
    values: (s) => s.business,
    settings,
    saved: { title: 'Business Details Saved', description: 'The website shows the new details.' },
    fallback: 'Could not save the business details. Please try again.',
    // The reply names fields by their place in the PATCH: `business.phone`.
    fieldOf: (path) => path.replace(/^business\./, ''),
  });
  const { register } = form;
  const { errors } = form.formState;

  return (
    <Section title="Business details" description="Shown on every page of the website and in emails to customers." onSubmit={submit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField registration={register('name')} errors={errors} label="Business name" autoComplete="organization" />
        <TextField registration={register('tagline')} errors={errors} label="Tagline" />
        <TextField registration={register('phone')} errors={errors} label="Phone" type="tel" placeholder="(310) 555-0142" />
        <TextField registration={register('email')} errors={errors} label="Email" type="email" />
        <TextField registration={register('address')} errors={errors} label="Address" />
        <TextField registration={register('serviceRadius')} errors={errors} label="Service area" hint="A short sentence, e.g. “Serving Santa Monica, West LA and Venice”." />
        <TextField registration={register('serviceTowns')} errors={errors} label="Towns served" hint="Named in the pages’ descriptions for search results, e.g. “Santa Monica, West LA and Venice”." />
      </div>
      <div className="border-t border-neutral-200 pt-4">
        <fieldset>
          <legend className="font-semibold text-ink-950">Figures</legend>
          <p className="mt-1 text-sm text-neutral-700">Shown on the home and testimonials pages and in the footer, as written here (years with a “+”).</p>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <TextField registration={register('yearsInBusiness', { valueAsNumber: true })} errors={errors} label="Years in business" type="number" />
            <TextField registration={register('projectsCompleted')} errors={errors} label="Projects completed" placeholder="500+" />
            <TextField registration={register('averageRating')} errors={errors} label="Average rating" placeholder="4.9" />
            <TextField registration={register('satisfaction')} errors={errors} label="Client satisfaction" placeholder="98%" />
          </div>
        </fieldset>
      </div>
      <div className="border-t border-neutral-200 pt-4">
        <fieldset>
          <legend className="font-semibold text-ink-950">Social links</legend>
          <p className="mt-1 text-sm text-neutral-700">Full addresses starting with https://. Leave a box empty to hide that link.</p>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            {SOCIAL.map(({ key, label }) => (
              <TextField key={key} registration={register(`social.${key}`)} errors={errors} label={label} type="url" placeholder="https://" />
            ))}
          </div>
        </fieldset>
      </div>
      <SaveButton pending={pending} label="Save business details" />
    </Section>
  );
}
