import { Navigate } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import '../admin/owner-app.css';
import { AdminArea } from '../admin/admin-area';
import { useAdminServiceWorker, useIsPhone, useOwnerAppMark } from '../admin/use-owner-app';
import { useCurrentUser } from '../../features/auth/hooks/use-auth';
import { useBusiness } from '../../lib/site-config';
import { BUSINESS_NAME, usePageMeta, type PageMeta } from '../meta';
import { AccountLoadError, AccountLoading } from '../../components/ui/account-states';

const META: PageMeta = {
  title: `Business Admin | ${BUSINESS_NAME}`,
  description: 'Bookings, messages and gallery of the business.',
};

/** The owner's signed-in area: the app (top bar, bottom bar) on a phone, the page with tabs on a computer. */
function OwnerArea({ userName, businessName }: { userName: string; businessName: string }) {
  const phone = useIsPhone();
  useOwnerAppMark();
  useAdminServiceWorker();
  return <AdminArea phone={phone} businessName={businessName} userName={userName} />;
}

/** /admin: the business owner's area. Signed-out visitors go to /login; customers are told it is not theirs. */
export default function AdminPage() {
  usePageMeta(META);
  const { data: user, isPending, isError } = useCurrentUser();
  const business = useBusiness();

  if (isPending) return <AccountLoading />;
  if (isError) return <AccountLoadError />;
  if (!user) return <Navigate to="/login" replace />;
  if (user.role !== 'admin') {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
        <ShieldAlert className="h-10 w-10 text-gold-600" aria-hidden="true" />
        <h1 className="mt-3 font-display text-2xl font-bold text-ink-950">Business Admin</h1>
        <p className="mt-2 text-lg text-neutral-800">This area is for the business owner.</p>
      </div>
    );
  }

  return <OwnerArea userName={user.fullName} businessName={business?.name ?? ''} />;
}
