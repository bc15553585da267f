import { Box } from '@chakra-ui/react';
import { useEffect } from 'react';
import type { DashboardTab } from '@/components/layouts/dashboard-layout';
import { prefetchWhenIdle, screens } from '../screens';
import { DashboardShell } from '../shared/dashboard-shell';
import { useOpenProjectEarly } from '../shared/open-project-early';
import { SettingsTab } from '../shared/settings-tab';
import { InsightsTab } from './insights-tab';
import { PropertiesTab } from './properties-tab';
import { SoldUnitsTab } from './sold-units-tab';
import { UsersTab } from './users-tab';

/** The admin dashboard's tabs, in order; features add theirs here (the first is the default). */
export const ADMIN_TABS: readonly DashboardTab[] = [
  { value: 'properties', label: 'Properties', render: () => <PropertiesTab /> },
  { value: 'users', label: 'Users', render: () => <UsersTab /> },
  { value: 'sold-units', label: 'Sold Units', render: () => <SoldUnitsTab /> },
  { value: 'settings', label: 'Settings', render: () => <SettingsTab /> },
  { value: 'insights', label: 'Insights', render: () => <InsightsTab /> },
];

export interface AdminDashboardRouteProps {
  /** 'settings' for /admin/settings, 'sold-units' for /admin/sold-units-manager: the same shell with that tab pinned. */
  section?: 'settings' | 'sold-units';
}

/** /admin/dashboard (?tab=…) and /admin/settings. */
export const AdminDashboardRoute = ({ section }: AdminDashboardRouteProps) => {
  // The project screen is where a dashboard leads: its code is fetched while the cards are read.
  useEffect(() => prefetchWhenIdle(screens.adminProject), []);
  // A click on a card fetches the project and its units while the screen's code loads.
  const openProjectEarly = useOpenProjectEarly();
  return (
    <Box display="contents" {...openProjectEarly}>
      <DashboardShell userType="admin" tabs={ADMIN_TABS} pinnedTab={section} />
    </Box>
  );
};
