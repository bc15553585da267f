import { Badge } from '@chakra-ui/react';
import type { LoginUserType } from '@repo/types';
import { useState } from 'react';
import { LiveIndicator } from '@/components/feedback/live-indicator';
import { AppHeader } from '@/components/layouts/app-header';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth/hooks/use-session';

export interface SignedInHeaderProps {
  userType: LoginUserType;
  /** False on the project, unit and unit-images pages, whose own title is the page's h1. */
  titleIsPageHeading?: boolean;
}

const TITLES: Record<LoginUserType, string> = { admin: 'Admin Dashboard', agent: 'Agent Portal' };

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/**
 * The header of every signed-in screen (spec §2): admin — title, display name or e-mail, Logout;
 * agent — 'Agent Portal', name, the capitalised agent-type badge, Logout. Logout signs out, then goes to /.
 */
export const SignedInHeader = ({ userType, titleIsPageHeading = true }: SignedInHeaderProps) => {
  const { profile, agentType, signOut } = useSession();
  const [loggingOut, setLoggingOut] = useState(false);

  const handleLogout = async () => {
    setLoggingOut(true);
    await signOut({ redirectTo: paths.home });
  };

  return (
    <AppHeader
      title={TITLES[userType]}
      titleIsPageHeading={titleIsPageHeading}
      userName={profile?.displayName || profile?.email || ''}
      status={<LiveIndicator />}
      badge={
        userType === 'agent' && agentType ? (
          <Badge colorPalette="brand" variant="subtle">
            {capitalise(agentType)}
          </Badge>
        ) : undefined
      }
      onLogout={() => void handleLogout()}
      loggingOut={loggingOut}
    />
  );
};
