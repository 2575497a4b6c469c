import { useEffect, useState } from 'react';
import { ArrowLeft } from 'lucide-react';
import { FormNotice } from '../../../components/ui/form-notice';
import { FORGOT_PASSWORD_MESSAGE, forgotPasswordSchema } from '../../../../shared/schemas/auth';
import { useForgotPassword } from '../hooks/use-auth';
import { useAuthForm } from '../hooks/use-auth-form';
import { EmailField, InPageLink, SubmitButton } from './form-parts';

interface ForgotPasswordFormProps {
  defaultEmail?: string;
  getRecaptchaToken: (action: 'forgot_password') => Promise<string | undefined>;
  onBack: () => void;
}

/**
 * "Forgot your password?": asks for the email and says a link is on its way (whether or not the
 * address has an account). Without JavaScript it is /login?forgot=1 and posts there.
 */
export function ForgotPasswordForm({ defaultEmail = '', getRecaptchaToken, onBack }: ForgotPasswordFormProps) {
  const forgot = useForgotPassword();
  const { form, post, errors, postMessage, isSubmitting, submitWith } = useAuthForm(forgotPasswordSchema, {
    name: 'forgot',
    fields: ['email'],
    // Only an address carried over from the sign-in form: otherwise the field keeps what was typed before the page could run.
    defaultValues: defaultEmail ? { email: defaultEmail } : undefined,
    failure: { title: 'Could not send the link', fallback: 'Please try again in a moment.' },
  });
  const [sentMessage, setSentMessage] = useState<string | null>(post?.done === 'sent' ? FORGOT_PASSWORD_MESSAGE : null);
  const { setFocus } = form;

  // The form replaces the sign-in form in place: move focus to it so keyboard and screen-reader users follow.
  useEffect(() => setFocus('email'), [setFocus]);

  const onSubmit = submitWith(
    () => getRecaptchaToken('forgot_password'),
    async ({ email }, recaptchaToken) => {
      const { message } = await forgot.mutateAsync({ email, recaptchaToken });
      setSentMessage(message);
    },
  );

  return (
    <div className="space-y-5">
      {sentMessage && (
        <p role="status" className="rounded-md border border-green-700 bg-green-50 px-3 py-2 text-sm text-green-900">
          {sentMessage}
        </p>
      )}
      {postMessage && <FormNotice title="Could not send the link" description={postMessage} tone="error" />}
      <form method="post" action="/login?forgot=1" noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Reset your password">
        <EmailField defaultValue={post?.values?.email} registration={form.register('email')} error={errors.email} />
        <SubmitButton isPending={isSubmitting || forgot.isPending} pendingLabel="Sending...">
          {sentMessage ? 'Send Another Link' : 'Send Reset Link'}
        </SubmitButton>
      </form>
      {/* A link to /login without JavaScript; in the page, the sign-in form in place. */}
      <InPageLink href="/login" onActivate={onBack}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to sign in
      </InPageLink>
    </div>
  );
}
