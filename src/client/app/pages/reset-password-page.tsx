import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AuthCard, BackLink } from '../../features/auth/components/auth-card';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { PAGE_META, usePageMeta } from '../meta';

/** /reset-password?token=…: the page the "Forgot your password?" email links to. */
export default function ResetPasswordPage() {
  usePageMeta(PAGE_META['/reset-password']);
  const location = useLocation();
  const navigate = useNavigate();
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const goToDashboard = useCallback(() => navigate('/dashboard', { replace: true }), [navigate]);

  return (
    <div className="bg-neutral-50">
      <section aria-labelledby="reset-heading" className="mx-auto max-w-lg px-4 py-8 sm:px-6 sm:py-12 lg:py-16">
        <BackLink to="/login">Back to Sign In</BackLink>
        <AuthCard headingId="reset-heading" heading="Choose a new password">
          <div className="mt-4">
            <ResetPasswordForm token={token} onReset={goToDashboard} />
          </div>
        </AuthCard>
      </section>
    </div>
  );
}
