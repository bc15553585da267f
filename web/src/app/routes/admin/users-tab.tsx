import { useSession } from '@/features/auth/hooks/use-session';
import { UserManagement } from '@/features/users/components/user-management';

export const UsersTab = () => {
  const { profile, refresh } = useSession();
  if (!profile) return null;
  return <UserManagement currentUserId={profile.id} onCurrentUserUpdated={() => void refresh()} />;
};
