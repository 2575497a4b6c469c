import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Loader2 } from 'lucide-react';
import type { z } from 'zod';
import { toast } from '../../../components/ui/use-toast';
import { FormNotice } from '../../../components/ui/form-notice';
import { ApiError, errorMessage } from '../../../lib/api';
import { fieldError, useFormPost } from '../../../lib/form-post';
import { FORGOT_PASSWORD_MESSAGE, forgotPasswordSchema } from '../../../../shared/schemas/auth';
import { useForgotPassword } from '../hooks/use-auth';
import { FormField } from './form-field';
import { linkButtonClass, primaryButtonClass } from './styles';

type ForgotValues = z.input<typeof forgotPasswordSchema>;

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
  const post = useFormPost('forgot');
  const [sentMessage, setSentMessage] = useState<string | null>(post?.done === 'sent' ? FORGOT_PASSWORD_MESSAGE : null);
  const form = useForm<ForgotValues, unknown, z.output<typeof forgotPasswordSchema>>({
    resolver: zodResolver(forgotPasswordSchema),
    // Only an address carried over from the sign-in form: otherwise the field keeps what was typed before the page could run.
    defaultValues: defaultEmail ? { email: defaultEmail } : undefined,
  });
  const { errors: own, isSubmitting, isSubmitted } = form.formState;
  const [postShown, setPostShown] = useState(true);
  const showPost = postShown && !isSubmitted;
  const errors = { email: fieldError(own.email, post, !showPost, 'email') };
  const isPending = isSubmitting || forgot.isPending;
  const { setFocus } = form;

  // The form replaces the sign-in form in place: move focus to it so keyboard and screen-reader users follow.
  useEffect(() => setFocus('email'), [setFocus]);

  async function onSubmit(values: z.output<typeof forgotPasswordSchema>) {
    setPostShown(false);
    let recaptchaToken: string | undefined;
    try {
      recaptchaToken = await getRecaptchaToken('forgot_password');
    } catch {
      toast({ title: 'Error', description: 'reCAPTCHA verification failed. Please try again.', variant: 'destructive' });
      return;
    }
    try {
      const { message } = await forgot.mutateAsync({ email: values.email, recaptchaToken });
      setSentMessage(message);
    } catch (err) {
      if (err instanceof ApiError && err.errors?.email) form.setError('email', { message: err.errors.email });
      toast({ title: 'Could not send the link', description: errorMessage(err, 'Please try again in a moment.'), variant: 'destructive' });
    }
  }

  return (
    <div className="space-y-5">
      {sentMessage && (
        <p role="status" className="rounded-md border border-green-700 bg-green-50 px-3 py-2 text-sm text-green-900">
          {sentMessage}
        </p>
      )}
      {showPost && post?.message && <FormNotice title="Could not send the link" description={post.message} tone="error" />}
      <form method="post" action="/login?forgot=1" noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" aria-label="Reset your password">
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          defaultValue={post?.values?.email}
          registration={form.register('email')}
          error={errors.email}
        />
        <button type="submit" className={primaryButtonClass} disabled={isPending}>
          {isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          {isPending ? 'Sending...' : sentMessage ? 'Send Another Link' : 'Send Reset Link'}
        </button>
      </form>
      {/* A link to /login without JavaScript; in the page, the sign-in form in place. */}
      <a
        href="/login"
        role="button"
        className={linkButtonClass}
        onClick={(e) => {
          e.preventDefault();
          onBack();
        }}
        onKeyDown={(e) => {
          if (e.key !== ' ') return;
          e.preventDefault();
          onBack();
        }}
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to sign in
      </a>
    </div>
  );
}
