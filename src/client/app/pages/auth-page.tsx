import { useCallback, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { CalendarCheck, ShieldCheck, Wrench } from 'lucide-react';
import { FormNotice } from '../../components/ui/form-notice';
import { useFormPost } from '../../lib/form-post';
import { getRecaptchaToken } from '../../lib/recaptcha';
import { siteConfigQuery, useSiteConfig } from '../../lib/site-config';
import { useCurrentUser } from '../../features/auth/hooks/use-auth';
import { LoginForm } from '../../features/auth/components/login-form';
import { RegisterForm } from '../../features/auth/components/register-form';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { GoogleSignInButton } from '../../features/auth/components/google-sign-in-button';
import { AuthCard, BackLink } from '../../features/auth/components/auth-card';
import { PAGE_META, usePageMeta } from '../meta';

type AuthTab = 'login' | 'register';

const tabTriggerClass =
  'flex-1 rounded-md px-3 py-2.5 text-sm font-semibold text-neutral-700 data-[state=inactive]:hover:bg-white hover:text-neutral-900 data-[state=active]:bg-ink-950 data-[state=active]:text-white data-[state=active]:shadow';

/**
 * /auth, /login and /register: one screen with a Login and a Register tab, rendered by the server
 * too, so that signing in, registering and asking for a reset link work without JavaScript (the
 * tabs are then links to /login and /register, "Forgot your password?" to /login?forgot=1).
 */
export default function AuthPage() {
  usePageMeta(PAGE_META['/auth']);
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const config = useSiteConfig();
  const [tab, setTab] = useState<AuthTab>(location.pathname === '/register' ? 'register' : 'login');
  const [registeredEmail, setRegisteredEmail] = useState('');
  // The login tab shows "Forgot your password?" in place of the sign-in form; /login?forgot=1
  // (the reset page's "request a new link") opens it directly.
  const [forgotEmail, setForgotEmail] = useState<string | null>(() => (new URLSearchParams(location.search).get('forgot') === '1' ? '' : null));
  const isForgot = tab === 'login' && forgotEmail !== null;
  // Redirected here after registering without JavaScript (/login?registered=1).
  const registered = useFormPost('register')?.done === 'sent';

  // Config that failed to load means Google is unavailable; undefined means not known yet.
  const googleClientId = config.data ? (config.data.google.enabled ? config.data.google.clientId : null) : config.isError ? null : undefined;

  const recaptchaToken = useCallback(
    async (action: 'login' | 'register' | 'forgot_password') => {
      let siteKey: string | null = null;
      try {
        const cfg = await queryClient.ensureQueryData(siteConfigQuery());
        siteKey = cfg.recaptcha.enabled ? cfg.recaptcha.siteKey : null;
      } catch {
        // Without the config the server's own check decides; the form still submits.
      }
      return getRecaptchaToken(siteKey, action);
    },
    [queryClient],
  );

  // Arriving from the owner's confirmation link (GET /api/auth/confirm-email redirects here); the
  // address counts as proven at the next password sign-in in this browser.
  const emailConfirmed = new URLSearchParams(location.search).get('emailConfirmed');
  // A dead owner sign-in link (GET /api/auth/sign-in-link redirects here).
  const signInLinkInvalid = new URLSearchParams(location.search).get('signInLink') === 'invalid';

  const goToDashboard = useCallback(() => navigate('/dashboard', { replace: true }), [navigate]);

  if (user) return <Navigate to="/dashboard" replace />;

  return (
    <div className="bg-neutral-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:px-6 sm:py-12 lg:grid-cols-2 lg:items-start lg:gap-12 lg:py-16">
        <section aria-labelledby="auth-heading" className="order-1">
          <BackLink to="/">Back to Home</BackLink>
          <AuthCard headingId="auth-heading" heading={isForgot ? 'Reset your password' : tab === 'login' ? 'Welcome back' : 'Create your account'}>
            <p className="mt-1 text-sm text-neutral-700">
              {isForgot
                ? "Enter your account's email and we'll send you a link to choose a new password."
                : tab === 'login'
                  ? 'Sign in to manage your bookings.'
                  : 'Register to view and manage your bookings in one place.'}
            </p>
            {emailConfirmed === '1' && (
              <p role="status" className="mt-4 rounded-md border border-green-700 bg-green-50 px-3 py-2 text-sm text-green-900">
                Thanks for opening the link. Sign in with your password to finish confirming your email address.
              </p>
            )}
            {signInLinkInvalid && (
              <p role="alert" className="mt-4 rounded-md border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-900">
                That sign-in link has expired or was already used. Links work once and for 15 minutes: run <code>npm run owner -- add</code> with your email on the server for a new one.
              </p>
            )}
            {emailConfirmed === '0' && (
              <p role="alert" className="mt-4 rounded-md border border-red-700 bg-red-50 px-3 py-2 text-sm text-red-900">
                That confirmation link is not valid or was already used.
              </p>
            )}
            <Tabs.Root value={tab} onValueChange={(value) => setTab(value as AuthTab)} className="mt-6">
              <Tabs.List aria-label="Sign in or register" className="flex gap-1 rounded-lg bg-neutral-100 p-1">
                <Tabs.Trigger value="login" className={tabTriggerClass} asChild>
                  <a href="/login" onClick={(e) => e.preventDefault()}>
                    Login
                  </a>
                </Tabs.Trigger>
                <Tabs.Trigger value="register" className={tabTriggerClass} asChild>
                  <a href="/register" onClick={(e) => e.preventDefault()}>
                    Register
                  </a>
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="login" className="mt-6 space-y-5 focus-visible:outline-offset-4">
                {registered && forgotEmail === null && (
                  <FormNotice title="Registration Successful" description="Your account has been created. Please log in." tone="success" />
                )}
                {forgotEmail !== null ? (
                  <ForgotPasswordForm defaultEmail={forgotEmail} getRecaptchaToken={recaptchaToken} onBack={() => setForgotEmail(null)} />
                ) : (
                  <LoginForm
                    key={registeredEmail}
                    defaultEmail={registeredEmail}
                    getRecaptchaToken={recaptchaToken}
                    onSignedIn={goToDashboard}
                    onForgotPassword={setForgotEmail}
                    google={<GoogleSignInButton label="Sign in with Google" clientId={googleClientId} onSignedIn={goToDashboard} />}
                  />
                )}
              </Tabs.Content>
              <Tabs.Content value="register" className="mt-6 focus-visible:outline-offset-4">
                <RegisterForm
                  getRecaptchaToken={recaptchaToken}
                  onRegistered={(email) => {
                    setRegisteredEmail(email);
                    setTab('login');
                  }}
                  google={<GoogleSignInButton label="Sign up with Google" clientId={googleClientId} onSignedIn={goToDashboard} />}
                />
              </Tabs.Content>
            </Tabs.Root>
          </AuthCard>
        </section>
        <div className="order-2 rounded-xl bg-ink-950 p-6 text-white sm:p-8 lg:mt-16">
          <p className="font-display text-xl font-bold text-gold-300 sm:text-2xl">Your bookings, all in one place</p>
          <ul className="mt-6 space-y-5 text-sm text-neutral-200">
            <li className="flex gap-3">
              <CalendarCheck className="h-6 w-6 shrink-0 text-gold-400" aria-hidden="true" />
              <span>See your upcoming and past appointments at a glance.</span>
            </li>
            <li className="flex gap-3">
              <Wrench className="h-6 w-6 shrink-0 text-gold-400" aria-hidden="true" />
              <span>Cancel or ask to reschedule in a couple of clicks.</span>
            </li>
            <li className="flex gap-3">
              <ShieldCheck className="h-6 w-6 shrink-0 text-gold-400" aria-hidden="true" />
              <span>Your $50 deposit is refundable with 24 hours&apos; notice of cancellation.</span>
            </li>
          </ul>
        </div>
      </div>
    </div>
  );
}
