import { Badge } from '@chakra-ui/react';
import type { LoginUserType } from '@repo/types';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { DashboardLayout, type DashboardTab } from '../../../components/layouts/dashboard-layout';
import { paths } from '../../../config/paths';
import { useSession } from '../../../features/auth/hooks/use-session';

export interface DashboardShellProps {
  userType: LoginUserType;
  tabs: readonly DashboardTab[];
  /** Pins a tab, as /admin/settings and /agent/settings do; otherwise ?tab= chooses. */
  pinnedTab?: string;
}

const TITLES: Record<LoginUserType, string> = { admin: 'Admin Dashboard', agent: 'Agent Portal' };

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** A dashboard behind its guard: the header with the signed-in user, and tabs kept in the URL (?tab=). */
export const DashboardShell = ({ userType, tabs, pinnedTab }: DashboardShellProps) => {
  const { profile, agentType, signOut } = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [loggingOut, setLoggingOut] = useState(false);

  const requested = pinnedTab ?? params.get('tab');
  const activeTab = tabs.some((tab) => tab.value === requested) ? (requested as string) : tabs[0].value;

  const handleTabChange = (value: string) => {
    if (pinnedTab) navigate(`${paths.dashboard(userType)}?tab=${encodeURIComponent(value)}`);
    else setParams({ tab: value }, { replace: true });
  };

  const handleLogout = async () => {
    setLoggingOut(true);
    await signOut({ redirectTo: paths.home });
  };

  return (
    <DashboardLayout
      title={TITLES[userType]}
      userName={profile?.displayName || profile?.email || ''}
      badge={
        userType === 'agent' && agentType ? (
          <Badge colorPalette="brand" variant="subtle">
            {capitalise(agentType)}
          </Badge>
        ) : undefined
      }
      onLogout={() => void handleLogout()}
      loggingOut={loggingOut}
      tabs={tabs}
      activeTab={activeTab}
      onTabChange={handleTabChange}
    />
  );
};
