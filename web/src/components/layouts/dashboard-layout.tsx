import { Box, Container, Tabs } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Toaster } from '../ui/toaster';

/** One tab of a dashboard; features add theirs to a route's list, the layout never changes for it. */
export interface DashboardTab {
  value: string;
  label: string;
  render: () => ReactNode;
}

export interface DashboardLayoutProps {
  /** The signed-in header (AppHeader), composed by the route that knows the session. */
  header: ReactNode;
  tabs: readonly DashboardTab[];
  activeTab: string;
  onTabChange: (value: string) => void;
}

/** The header and the tabs of the admin and agent dashboards. */
export const DashboardLayout = ({ header, tabs, activeTab, onTabChange }: DashboardLayoutProps) => (
  <Box minH="100vh" bg="bg.subtle">
    {header}
    <Container as="main" maxW="7xl" py="6">
      <Tabs.Root value={activeTab} onValueChange={(details) => onTabChange(details.value)} lazyMount unmountOnExit variant="line">
        <Tabs.List mb="6">
          {tabs.map((tab) => (
            <Tabs.Trigger key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Content key={tab.value} value={tab.value}>
            {tab.render()}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Container>
    {/* Only the signed-in screens raise toasts; mounting it here keeps it out of the first download. */}
    <Toaster />
  </Box>
);
