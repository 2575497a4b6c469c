import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import type { z } from 'zod';
import { toast } from '../../../components/ui/use-toast';
import { FormNotice } from '../../../components/ui/form-notice';
import { ApiError, errorMessage } from '../../../lib/api';
import { fieldError, useFormPost } from '../../../lib/form-post';
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

/**
 * Email and password. Without JavaScript it posts to /login, which signs in and redirects to
 * /dashboard, or answers with this form again ('Login Failed', the email kept).
 */
export function LoginForm({ defaultEmail = '', getRecaptchaToken, onSignedIn, onForgotPassword, google }: LoginFormProps) {
  const login = useLogin();
  const post = useFormPost('login');
  const form = useForm<LoginValues, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    // Only an address handed over (after registering here): otherwise the fields keep what was
    // typed into the server's HTML before the page could run.
    defaultValues: defaultEmail ? { email: defaultEmail } : undefined,
  });
  const { errors: own, isSubmitting, isSubmitted } = form.formState;
  const [postShown, setPostShown] = useState(true);
  const showPost = postShown && !isSubmitted;
  const errors = { email: fieldError(own.email, post, !showPost, 'email'), password: fieldError(own.password, post, !showPost, 'password') };
  const isPending = isSubmitting || login.isPending;

  async function onSubmit(values: z.output<typeof loginSchema>) {
    setPostShown(false);
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
      {showPost && post?.message && <FormNotice title="Login Failed" description={post.message} tone="error" />}
      <form method="post" action="/login" noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" aria-label="Sign in">
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          defaultValue={post?.values?.email}
          registration={form.register('email')}
          error={errors.email}
        />
        <FormField label="Password" type="password" autoComplete="current-password" registration={form.register('password')} error={errors.password} />
        <div className="-mt-2 flex justify-end">
          {/* A link to /login?forgot=1 without JavaScript; in the page, the form in place with the address typed so far. */}
          <a
            href="/login?forgot=1"
            role="button"
            className={linkButtonClass}
            onClick={(e) => {
              e.preventDefault();
              onForgotPassword((form.getValues('email') ?? '').trim());
            }}
            onKeyDown={(e) => {
              if (e.key !== ' ') return;
              e.preventDefault();
              onForgotPassword((form.getValues('email') ?? '').trim());
            }}
          >
            Forgot your password?
          </a>
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
