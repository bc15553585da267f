import { PROJECT_EVENT_PATHS, type LoginUserType } from '@repo/types';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { DashboardLayout, type DashboardTab } from '@/components/layouts/dashboard-layout';
import { paths } from '@/config/paths';
import { useLiveEvents } from '@/lib/live/use-live-events';
import { SignedInHeader } from './signed-in-header';

export interface DashboardShellProps {
  userType: LoginUserType;
  tabs: readonly DashboardTab[];
  /** Pins a tab, as /admin/settings and /agent/settings do; otherwise ?tab= chooses. */
  pinnedTab?: string;
}

/** A dashboard behind its guard: the header with the signed-in user, and tabs kept in the URL (?tab=). */
export const DashboardShell = ({ userType, tabs, pinnedTab }: DashboardShellProps) => {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // One stream for the viewer's whole inventory: the cards' counts and the sold units list stay current.
  useLiveEvents(PROJECT_EVENT_PATHS.allEvents);

  const requested = pinnedTab ?? params.get('tab');
  const activeTab = tabs.some((tab) => tab.value === requested) ? (requested as string) : tabs[0].value;

  const handleTabChange = (value: string) => {
    if (pinnedTab) navigate(`${paths.dashboard(userType)}?tab=${encodeURIComponent(value)}`);
    else setParams({ tab: value }, { replace: true });
  };

  return <DashboardLayout header={<SignedInHeader userType={userType} />} tabs={tabs} activeTab={activeTab} onTabChange={handleTabChange} />;
};
