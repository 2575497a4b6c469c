import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import type { z } from 'zod';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api';
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

export function RegisterForm({ getRecaptchaToken, onRegistered, google }: RegisterFormProps) {
  const registerAccount = useRegister();
  const form = useForm<RegisterValues, unknown, z.output<typeof registerSchema>>({
    resolver: zodResolver(registerSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const isPending = isSubmitting || registerAccount.isPending;

  async function onSubmit(values: z.output<typeof registerSchema>) {
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
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" aria-label="Create an account">
        <FormField label="Full Name" autoComplete="name" registration={r('fullName')} error={errors.fullName} />
        <FormField label="Email" type="email" autoComplete="email" inputMode="email" registration={r('email')} error={errors.email} />
        <FormField label="Phone Number (Optional)" type="tel" autoComplete="tel" inputMode="tel" registration={r('phone')} error={errors.phone} />
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
