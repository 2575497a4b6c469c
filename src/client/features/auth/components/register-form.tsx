import type { ReactNode } from 'react';
import type { z } from 'zod';
import { toast } from '../../../components/ui/use-toast';
import { FormNotice } from '../../../components/ui/form-notice';
import { registerSchema } from '../../../../shared/schemas/auth';
import { useRegister } from '../hooks/use-auth';
import { useAuthForm } from '../hooks/use-auth-form';
import { InputField } from '../../../components/form-field';
import { Divider, EmailField, SubmitButton } from './form-parts';

const EMPTY: z.input<typeof registerSchema> = { fullName: '', email: '', phone: '', password: '', confirmPassword: '' };

interface RegisterFormProps {
  getRecaptchaToken: (action: 'login' | 'register') => Promise<string | undefined>;
  /** Called after the account exists; the screen moves on to signing in. */
  onRegistered: (email: string) => void;
  google: ReactNode;
}

/**
 * A new account. Without JavaScript it posts to /register, which redirects to /login?registered=1
 * or answers with this form again (the messages, what was typed but the passwords).
 */
export function RegisterForm({ getRecaptchaToken, onRegistered, google }: RegisterFormProps) {
  const registerAccount = useRegister();
  // No defaultValues: the fields keep what was typed into the server's HTML before the page could run.
  const { form, post, errors, postMessage, isSubmitting, submitWith } = useAuthForm(registerSchema, {
    name: 'register',
    fields: ['fullName', 'email', 'phone', 'password', 'confirmPassword'],
    failure: { title: 'Registration Failed', fallback: 'Could not create your account. Please try again.' },
  });
  const typed = (name: 'fullName' | 'email' | 'phone') => post?.values?.[name];
  const onSubmit = submitWith(
    () => getRecaptchaToken('register'),
    async (values, recaptchaToken) => {
      await registerAccount.mutateAsync({ ...values, phone: values.phone ?? '', recaptchaToken });
      toast({ title: 'Registration Successful', description: 'Your account has been created. Please log in.', variant: 'success' });
      form.reset(EMPTY);
      onRegistered(values.email);
    },
  );

  const r = form.register;
  return (
    <div className="space-y-5">
      {postMessage && <FormNotice title="Registration Failed" description={postMessage} tone="error" />}
      <form method="post" action="/register" noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Create an account">
        <InputField label="Full Name" autoComplete="name" defaultValue={typed('fullName')} registration={r('fullName')} error={errors.fullName} />
        <EmailField defaultValue={typed('email')} registration={r('email')} error={errors.email} />
        <InputField label="Phone Number (Optional)" type="tel" autoComplete="tel" inputMode="tel" defaultValue={typed('phone')} registration={r('phone')} error={errors.phone} />
        <InputField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          registration={r('password')}
          error={errors.password}
        />
        <InputField label="Confirm Password" type="password" autoComplete="new-password" registration={r('confirmPassword')} error={errors.confirmPassword} />
        <SubmitButton isPending={isSubmitting || registerAccount.isPending} pendingLabel="Creating Account...">
          Create Account
        </SubmitButton>
      </form>
      <Divider />
      {google}
    </div>
  );
}
