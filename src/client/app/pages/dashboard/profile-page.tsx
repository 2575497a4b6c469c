import { useQueryClient } from '@tanstack/react-query';
import { authKeys } from '../../../features/auth/api/auth-api';
import { useCurrentUser } from '../../../features/auth/hooks/use-auth';
import { PasswordCard, ProfileForm } from '../../../features/dashboard/components/profile-form';
import { pageHeadingClass } from '../../../features/dashboard/components/styles';

export default function ProfilePage() {
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <h1 className={pageHeadingClass}>My Profile</h1>
        <p className="mt-1 text-neutral-700">Manage your personal information.</p>
      </div>
      {/* The layout renders this page only for a signed-in user. */}
      {user && <ProfileForm user={user} onSaved={(saved) => queryClient.setQueryData(authKeys.user(), saved)} />}
      <PasswordCard />
    </div>
  );
}
