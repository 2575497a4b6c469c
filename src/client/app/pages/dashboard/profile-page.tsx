import { useQueryClient } from '@tanstack/react-query';
import { authKeys } from '../../../features/auth/api/auth-api';
import { useCurrentUser } from '../../../features/auth/hooks/use-auth';
import { PasswordCard, ProfileForm } from '../../../features/dashboard/components/profile-form';
import { DashboardHeading } from '../../../features/dashboard/components/dashboard-heading';

export default function ProfilePage() {
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  return (
    <div className="max-w-3xl space-y-6">
      <DashboardHeading title="My Profile">Manage your personal information.</DashboardHeading>
      {/* The layout renders this page only for a signed-in user. */}
      {user && <ProfileForm user={user} onSaved={(saved) => queryClient.setQueryData(authKeys.user(), saved)} />}
      <PasswordCard />
    </div>
  );
}
