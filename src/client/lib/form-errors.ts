import { get, type FieldErrors, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/** The 400's per-field messages by their full path (`business.phone`, `hours.2.close`), or none. */
export function apiFieldErrors(err: unknown): Record<string, string> {
  return err instanceof ApiError && err.errors ? { ...err.errors } : {};
}

/**
 * Puts the server's per-field messages under the form's fields. `fieldOf` names the form field a
 * reply path belongs to (null to leave it out); a field keeps the first message it gets.
 * Returns how many fields got one.
 */
export function setServerErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, fieldOf: (path: string) => string | null = (path) => path): number {
  const seen = new Set<string>();
  for (const [path, message] of Object.entries(apiFieldErrors(err))) {
    const field = fieldOf(path);
    if (field === null || seen.has(field)) continue;
    seen.add(field);
    setError(field as Path<T>, { type: 'server', message });
  }
  return seen.size;
}

/** A `fieldOf` for setServerErrors that keeps the messages of these fields only. */
export function onlyFields(fields: readonly string[]): (path: string) => string | null {
  return (path) => (fields.includes(path) ? path : null);
}

/** The first message of a form's errors, in field order (what a "Not Saved" toast repeats). */
export function firstErrorMessage(errors: FieldErrors | undefined): string | undefined {
  if (!errors) return undefined;
  if (typeof errors.message === 'string' && errors.message) return errors.message;
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref' || key === 'type' || key === 'message' || !value || typeof value !== 'object') continue;
    const found = firstErrorMessage(value as FieldErrors);
    if (found) return found;
  }
  return undefined;
}

/** The message of the field at `path` (`hours.2.close`), if it has one. */
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  const found: unknown = get(errors, path);
  return found && typeof found === 'object' && 'message' in found && typeof found.message === 'string' ? found.message : undefined;
}
