import { useId } from 'react';
import type { FieldValues, FormState, Path, RegisterOptions, UseFormRegister } from 'react-hook-form';
import { errorAt } from '../../lib/form-errors';
import { controlAria } from '../form-field';

/**
 * A form's boxes as FormField and its control want them: `field(name)` is the field's id and
 * message, `control(name, hint, options)` the control's id, aria attributes and registration
 * (`hint` when the field shows one under it).
 */
export function useFormFields<T extends FieldValues>({ register, formState }: { register: UseFormRegister<T>; formState: FormState<NoInfer<T>> }) {
  const id = useId();
  const { errors } = formState;
  return {
    field: (name: Path<T>) => ({ id: `${id}-${name}`, error: errorAt(errors, name) }),
    control: (name: Path<T>, hint = false, options?: RegisterOptions<T, Path<T>>) => ({ ...controlAria(`${id}-${name}`, errorAt(errors, name), hint), ...register(name, options) }),
  };
}
