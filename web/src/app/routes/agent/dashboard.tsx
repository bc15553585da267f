import { Box } from '@chakra-ui/react';
import { useEffect } from 'react';
import type { DashboardTab } from '@/components/layouts/dashboard-layout';
import { prefetchWhenIdle, screens } from '../screens';
import { DashboardShell } from '../shared/dashboard-shell';
import { useOpenProjectEarly } from '../shared/open-project-early';
import { SettingsTab } from '../shared/settings-tab';
import { AgentPropertiesTab } from './properties-tab';

/** The agent dashboard's tabs, in order; features add theirs here (the first is the default). */
export const AGENT_TABS: readonly DashboardTab[] = [
  { value: 'properties', label: 'Properties', render: () => <AgentPropertiesTab /> },
  { value: 'settings', label: 'Settings', render: () => <SettingsTab /> },
];

export interface AgentDashboardRouteProps {
  /** 'settings' for /agent/settings: the same shell with the Settings tab pinned. */
  section?: 'settings';
}

/** /agent/dashboard (?tab=…) and /agent/settings. */
export const AgentDashboardRoute = ({ section }: AgentDashboardRouteProps) => {
  // The project screen is where a dashboard leads: its code is fetched while the cards are read.
  useEffect(() => prefetchWhenIdle(screens.agentProject), []);
  // A click on a card fetches the project and its units while the screen's code loads.
  const openProjectEarly = useOpenProjectEarly();
  return (
    <Box display="contents" {...openProjectEarly}>
      <DashboardShell userType="agent" tabs={AGENT_TABS} pinnedTab={section} />
    </Box>
  );
};
