import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api';
import { onlyFields, setServerErrors } from '../../../lib/form-errors';
import { RESET_LINK_INVALID_MESSAGE, resetPasswordSchema, type User } from '../../../../shared/schemas/auth';
import { useResetPassword } from '../hooks/use-auth';
import { InputField } from '../../../components/form-field';
import { SubmitButton } from './form-parts';
import { primaryButtonClass } from './styles';

type ResetValues = z.input<typeof resetPasswordSchema>;

interface ResetPasswordFormProps {
  /** The token from the emailed link; empty when the address had none. */
  token: string;
  onReset: (user: User) => void;
}

/** The new password, twice, with the register form's rules; a dead link offers to ask for a new one. */
export function ResetPasswordForm({ token, onReset }: ResetPasswordFormProps) {
  const reset = useResetPassword();
  const [isLinkDead, setIsLinkDead] = useState(!token);
  const form = useForm<ResetValues, unknown, z.output<typeof resetPasswordSchema>>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: z.output<typeof resetPasswordSchema>) {
    try {
      const { user } = await reset.mutateAsync(values);
      toast({ title: 'Password Updated', description: 'Your new password is set and you are signed in.', variant: 'success' });
      onReset(user);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'RESET_LINK_INVALID') {
        setIsLinkDead(true);
        return;
      }
      setServerErrors(err, form.setError, onlyFields(['password', 'confirmPassword']));
      toast({ title: 'Could not set the password', description: errorMessage(err, 'Please try again in a moment.'), variant: 'destructive' });
    }
  }

  if (isLinkDead) {
    return (
      <div className="space-y-5">
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-900">
          {RESET_LINK_INVALID_MESSAGE}
        </p>
        <Link to="/login?forgot=1" className={primaryButtonClass}>
          Request a New Link
        </Link>
      </div>
    );
  }

  return (
    <form method="post" action="/reset-password" noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" aria-label="Choose a new password">
      <p className="text-sm text-neutral-700">Setting a new password signs you out on every other device.</p>
      <InputField
        label="New Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        registration={form.register('password')}
        error={errors.password}
      />
      <InputField label="Confirm New Password" type="password" autoComplete="new-password" registration={form.register('confirmPassword')} error={errors.confirmPassword} />
      <SubmitButton isPending={isSubmitting || reset.isPending} pendingLabel="Saving...">
        Set New Password
      </SubmitButton>
    </form>
  );
}
