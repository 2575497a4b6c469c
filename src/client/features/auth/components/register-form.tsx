import { useState, type ReactNode } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import type { z } from 'zod';
import { toast } from '../../../components/ui/use-toast';
import { FormNotice } from '../../../components/ui/form-notice';
import { ApiError, errorMessage } from '../../../lib/api';
import { fieldError, useFormPost } from '../../../lib/form-post';
import { registerSchema } from '../../../../shared/schemas/auth';
import { useRegister } from '../hooks/use-auth';
import { FormField } from './form-field';
import { Divider } from './login-form';
import { primaryButtonClass } from './styles';

type RegisterValues = z.input<typeof registerSchema>;
const EMPTY: RegisterValues = { fullName: '', email: '', phone: '', password: '', confirmPassword: '' };
const FIELDS = ['fullName', 'email', 'phone', 'password', 'confirmPassword'] as const;

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
  const post = useFormPost('register');
  // No defaultValues: the fields keep what was typed into the server's HTML before the page could run.
  const form = useForm<RegisterValues, unknown, z.output<typeof registerSchema>>({ resolver: zodResolver(registerSchema) });
  const { errors: own, isSubmitting, isSubmitted } = form.formState;
  const [postShown, setPostShown] = useState(true);
  const showPost = postShown && !isSubmitted;
  const errors = Object.fromEntries(FIELDS.map((f) => [f, fieldError(own[f], post, !showPost, f)])) as Partial<Record<(typeof FIELDS)[number], FieldError>>;
  const typed = (name: 'fullName' | 'email' | 'phone') => post?.values?.[name];
  const isPending = isSubmitting || registerAccount.isPending;

  async function onSubmit(values: z.output<typeof registerSchema>) {
    setPostShown(false);
    let recaptchaToken: string | undefined;
    try {
      recaptchaToken = await getRecaptchaToken('register');
    } catch {
      toast({ title: 'Error', description: 'reCAPTCHA verification failed. Please try again.', variant: 'destructive' });
      return;
    }
    try {
      await registerAccount.mutateAsync({ ...values, phone: values.phone ?? '', recaptchaToken });
      toast({ title: 'Registration Successful', description: 'Your account has been created. Please log in.', variant: 'success' });
      form.reset(EMPTY);
      onRegistered(values.email);
    } catch (err) {
      if (err instanceof ApiError && err.errors) {
        for (const field of FIELDS) {
          if (err.errors[field]) form.setError(field, { message: err.errors[field] });
        }
      }
      toast({ title: 'Registration Failed', description: errorMessage(err, 'Could not create your account. Please try again.'), variant: 'destructive' });
    }
  }

  const r = form.register;
  return (
    <div className="space-y-5">
      {showPost && post?.message && <FormNotice title="Registration Failed" description={post.message} tone="error" />}
      <form method="post" action="/register" noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" aria-label="Create an account">
        <FormField label="Full Name" autoComplete="name" defaultValue={typed('fullName')} registration={r('fullName')} error={errors.fullName} />
        <FormField label="Email" type="email" autoComplete="email" inputMode="email" defaultValue={typed('email')} registration={r('email')} error={errors.email} />
        <FormField label="Phone Number (Optional)" type="tel" autoComplete="tel" inputMode="tel" defaultValue={typed('phone')} registration={r('phone')} error={errors.phone} />
        <FormField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          registration={r('password')}
          error={errors.password}
        />
        <FormField label="Confirm Password" type="password" autoComplete="new-password" registration={r('confirmPassword')} error={errors.confirmPassword} />
        <button type="submit" className={primaryButtonClass} disabled={isPending}>
          {isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          {isPending ? 'Creating Account...' : 'Create Account'}
        </button>
      </form>
      <Divider />
      {google}
    </div>
  );
}
