import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';
import { AccountSettings } from '@/features/settings/components/account-settings';

/** The shared settings screen, wired to the session (the feature itself knows nothing of it). */
export const SettingsTab = () => {
  const { profile, refresh, signOut } = useSession();
  if (!profile) return null;
  return (
    <AccountSettings
      profile={profile}
      onProfileChange={() => refresh()}
      onAccountDeleted={() => void signOut({ redirectTo: paths.afterSelfDeletion, serverSessionEnded: true })}
    />
  );
};
