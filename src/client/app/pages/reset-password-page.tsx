import { useCallback } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
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
        <Link
          to="/login"
          className="mb-6 inline-flex items-center gap-2 rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm font-medium text-neutral-900 shadow-sm hover:border-gold-500 hover:bg-gold-50"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back to Sign In
        </Link>
        <div className="rounded-xl border border-neutral-200 bg-white p-5 shadow-sm sm:p-8">
          <h1 id="reset-heading" className="font-display text-2xl font-bold text-ink-950 sm:text-3xl">
            Choose a new password
          </h1>
          <div className="mt-4">
            <ResetPasswordForm token={token} onReset={goToDashboard} />
          </div>
        </div>
      </section>
    </div>
  );
}
