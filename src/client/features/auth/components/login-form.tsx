import type { ReactNode } from 'react';
import { toast } from '../../../components/ui/use-toast';
import { FormNotice } from '../../../components/ui/form-notice';
import { loginSchema, type User } from '../../../../shared/schemas/auth';
import { useLogin } from '../hooks/use-auth';
import { useAuthForm } from '../hooks/use-auth-form';
import { InputField } from '../../../components/form-field';
import { EmailField, Divider, InPageLink, SubmitButton } from './form-parts';

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
  const { form, post, errors, postMessage, isSubmitting, submitWith } = useAuthForm(loginSchema, {
    name: 'login',
    fields: ['email', 'password'],
    // Only an address handed over (after registering here): otherwise the fields keep what was
    // typed into the server's HTML before the page could run.
    defaultValues: defaultEmail ? { email: defaultEmail } : undefined,
    failure: { title: 'Login Failed', fallback: 'Invalid email or password. Please try again.' },
  });
  const onSubmit = submitWith(
    () => getRecaptchaToken('login'),
    async ({ email, password }, recaptchaToken) => {
      const { user } = await login.mutateAsync({ email, password, recaptchaToken });
      toast({ title: 'Login Successful', description: 'Welcome back to the product!', variant: 'success' });
      onSignedIn(user);
    },
  );

  return (
    <div className="space-y-5">
      {postMessage && <FormNotice title="Login Failed" description={postMessage} tone="error" />}
      <form method="post" action="/login" noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Sign in">
        <EmailField defaultValue={post?.values?.email} registration={form.register('email')} error={errors.email} />
        <InputField label="Password" type="password" autoComplete="current-password" registration={form.register('password')} error={errors.password} />
        <div className="-mt-2 flex justify-end">
          {/* A link to /login?forgot=1 without JavaScript; in the page, the form in place with the address typed so far. */}
          <InPageLink href="/login?forgot=1" onActivate={() => onForgotPassword((form.getValues('email') ?? '').trim())}>
            Forgot your password?
          </InPageLink>
        </div>
        <SubmitButton isPending={isSubmitting || login.isPending} pendingLabel="Signing in...">
          Sign In
        </SubmitButton>
      </form>
      <Divider />
      {google}
    </div>
  );
}
