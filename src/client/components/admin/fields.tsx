import type { ComponentProps, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CheckboxField, checkboxClass, controlAria, FormField, inputClass } from '../form-field';

/** Boxes and selects side by side keep one height: 44 px on a phone (a thumb's target), 40 px from sm up. */
const controlClass = `${inputClass} h-11 sm:h-10`;

/** A box bound to its form (see useFormFields): the control's id, its message and its registration. */
export interface BoundField {
  id: string;
  error?: string;
  registration: UseFormRegisterReturn;
}

/** The label and the hint under the box. */
interface FieldText {
  label: string;
  hint?: ReactNode;
}

/** The control's id, aria attributes (its hint and message) and registration. */
function controlProps({ id, error, registration }: BoundField, hint: ReactNode) {
  return { ...controlAria(id, error, Boolean(hint)), ...registration };
}

/** A one-line box (text by default) with its label, hint and message. */
export function BoundInput({ id, error, registration, label, hint, ...input }: BoundField & FieldText & Omit<ComponentProps<'input'>, 'id'>) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      <input type="text" className={controlClass} {...input} {...controlProps({ id, error, registration }, hint)} />
    </FormField>
  );
}

/** A text area with its label, hint and message. */
export function BoundTextArea({ id, error, registration, label, hint, ...textarea }: BoundField & FieldText & Omit<ComponentProps<'textarea'>, 'id'>) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      <textarea className={inputClass} {...textarea} {...controlProps({ id, error, registration }, hint)} />
    </FormField>
  );
}

/** A select with its label, hint and message; `children` are its options. */
export function BoundSelect({ id, error, registration, label, hint, ...select }: BoundField & FieldText & Omit<ComponentProps<'select'>, 'id'>) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      <select className={controlClass} {...select} {...controlProps({ id, error, registration }, hint)} />
    </FormField>
  );
}

/** A checkbox with its label beside it, its hint and its message. */
export function BoundCheckbox({ id, error, registration, label, hint }: BoundField & { label: string; hint: string }) {
  return (
    <CheckboxField id={id} label={label} hint={hint} error={error}>
      <input type="checkbox" className={checkboxClass} {...controlProps({ id, error, registration }, hint)} />
    </CheckboxField>
  );
}
