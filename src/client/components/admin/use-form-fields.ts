import { useId } from 'react';
import type { FieldValues, FormState, Path, RegisterOptions, UseFormRegister } from 'react-hook-form';
import { errorAt } from '../../lib/form-errors';
import type { BoundField } from './fields';

/**
 * Binds a form's boxes to the field components of ./fields: `bind(name)` is the box's id, its
 * message and its registration (with `options`, as react-hook-form's register takes them).
 */
export function useFormFields<T extends FieldValues>({ register, formState }: { register: UseFormRegister<T>; formState: FormState<NoInfer<T>> }) {
  const id = useId();
  const { errors } = formState;
  return {
    bind: (name: Path<T>, options?: RegisterOptions<T, Path<T>>): BoundField => ({ id: `${id}-${name}`, error: errorAt(errors, name), registration: register(name, options) }),
  };
}
