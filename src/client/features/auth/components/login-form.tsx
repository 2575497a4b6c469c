import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import type { z } from 'zod';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api';
import { loginSchema, type User } from '../../../../shared/schemas/auth';
import { useLogin } from '../hooks/use-auth';
import { FormField } from './form-field';
import { linkButtonClass, primaryButtonClass } from './styles';

type LoginValues = z.input<typeof loginSchema>;

interface LoginFormProps {
  defaultEmail?: string;
  /** A reCAPTCHA token for the action, undefined when reCAPTCHA is off; rejects when it fails. */
  getRecaptchaToken: (action: 'login' | 'register') => Promise<string | undefined>;
  onSignedIn: (user: User) => void;
  /** "Forgot your password?", with what the email field holds so far. */
  onForgotPassword: (email: string) => void;
  google: ReactNode;
}

export function LoginForm({ defaultEmail = '', getRecaptchaToken, onSignedIn, onForgotPassword, google }: LoginFormProps) {
  const login = useLogin();
  const form = useForm<LoginValues, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: defaultEmail, password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const isPending = isSubmitting || login.isPending;

  async function onSubmit(values: z.output<typeof loginSchema>) {
    let recaptchaToken: string | undefined;
    try {
      recaptchaToken = await getRecaptchaToken('login');
    } catch {
      toast({ title: 'Error', description: 'reCAPTCHA verification failed. Please try again.', variant: 'destructive' });
      return;
    }
    try {
      const { user } = await login.mutateAsync({ email: values.email, password: values.password, recaptchaToken });
      toast({ title: 'Login Successful', description: 'Welcome back to the product!', variant: 'success' });
      onSignedIn(user);
    } catch (err) {
      if (err instanceof ApiError && err.errors) {
        for (const field of ['email', 'password'] as const) {
          if (err.errors[field]) form.setError(field, { message: err.errors[field] });
        }
      }
      toast({ title: 'Login Failed', description: errorMessage(err, 'Invalid email or password. Please try again.'), variant: 'destructive' });
    }
  }

  return (
    <div className="space-y-5">
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" aria-label="Sign in">
        <FormField label="Email" type="email" autoComplete="email" inputMode="email" registration={form.register('email')} error={errors.email} />
        <FormField label="Password" type="password" autoComplete="current-password" registration={form.register('password')} error={errors.password} />
        <div className="-mt-2 flex justify-end">
          <button type="button" className={linkButtonClass} onClick={() => onForgotPassword(form.getValues('email').trim())}>
            Forgot your password?
          </button>
        </div>
        <button type="submit" className={primaryButtonClass} disabled={isPending}>
          {isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          {isPending ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
      <Divider />
      {google}
    </div>
  );
}

export function Divider() {
  return (
    <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-neutral-600" aria-hidden="true">
      <span className="h-px flex-1 bg-neutral-200" />
      or
      <span className="h-px flex-1 bg-neutral-200" />
    </div>
  );
}
