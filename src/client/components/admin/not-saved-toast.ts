import type { FieldErrors } from 'react-hook-form';
import { errorMessage } from '../../lib/api';
import { firstErrorMessage } from '../../lib/form-errors';
import { toast } from '../ui/use-toast';

/** "Not Saved" with the reason: the server's, or a fallback when it gave none. */
export function toastNotSaved(err: unknown, fallback: string) {
  toast({ title: 'Not Saved', description: errorMessage(err, fallback), variant: 'destructive' });
}

/**
 * "Not Saved" for a form its schema refused before sending: the toast a refused save shows,
 * with the first field's message, as the server's reply would have it.
 */
export function toastNotValid(errors: FieldErrors, fallback: string) {
  toast({ title: 'Not Saved', description: firstErrorMessage(errors) ?? fallback, variant: 'destructive' });
}
