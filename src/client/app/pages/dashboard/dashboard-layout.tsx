import { useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useCurrentUser, useLogout } from '../../../features/auth/hooks/use-auth';
import { DashboardSidebar } from '../../../features/dashboard/components/dashboard-sidebar';
import { PAGE_META, usePageMeta } from '../../meta';
import { AccountLoadError, AccountLoading } from '../../../components/ui/account-states';

/** Every /dashboard page: signed-in users only, with the account menu beside the page. */
export default function DashboardLayout() {
  usePageMeta(PAGE_META['/dashboard']);
  const { data: user, isPending, isError } = useCurrentUser();
  const logout = useLogout();
  const queryClient = useQueryClient();
  // Set once the logout call has answered: from then on this layout only leads home, whatever the
  // (cleared, refetching) current-user query says.
  const [hasLoggedOut, setHasLoggedOut] = useState(false);

  if (hasLoggedOut) return <Navigate to="/" replace />;

  if (isPending) return <AccountLoading />;
  if (isError) return <AccountLoadError />;
  if (!user) return <Navigate to="/login" replace />;

  function handleLogout() {
    logout.mutate(undefined, {
      onError: (err) => console.error('Logout failed', err),
      onSettled: () => {
        setHasLoggedOut(true);
        queryClient.clear();
      },
    });
  }

  return (
    <div className="bg-neutral-50">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-8 lg:py-10">
        <DashboardSidebar fullName={user.fullName} email={user.email} onLogout={handleLogout} isLoggingOut={logout.isPending} isAdmin={user.role === 'admin'} />
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
