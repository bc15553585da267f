import { Box, Button, Container, Flex, Heading, HStack, Tabs, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ColorModeButton } from '../ui/color-mode';
import { Toaster } from '../ui/toaster';

/** One tab of a dashboard; features add theirs to a route's list, the layout never changes for it. */
export interface DashboardTab {
  value: string;
  label: string;
  render: () => ReactNode;
}

export interface DashboardLayoutProps {
  title: string;
  userName: string;
  /** Next to the name, e.g. the agent type. */
  badge?: ReactNode;
  onLogout: () => void;
  loggingOut?: boolean;
  tabs: readonly DashboardTab[];
  activeTab: string;
  onTabChange: (value: string) => void;
}

/** The header (title, who is signed in, Logout) and the tabs of the admin and agent dashboards. */
export const DashboardLayout = ({
  title,
  userName,
  badge,
  onLogout,
  loggingOut,
  tabs,
  activeTab,
  onTabChange,
}: DashboardLayoutProps) => (
  <Box minH="100vh" bg="bg.subtle">
    <Box as="header" bg="bg" borderBottomWidth="1px" py="3">
      <Container maxW="7xl">
        <Flex justify="space-between" align="center" gap="4" wrap="wrap">
          <Heading as="h1" size="lg">
            {title}
          </Heading>
          <HStack gap="3" wrap="wrap">
            <Text fontWeight="medium" data-testid="signed-in-user">
              {userName}
            </Text>
            {badge}
            <ColorModeButton />
            <Button variant="outline" size="sm" onClick={onLogout} loading={loggingOut}>
              Logout
            </Button>
          </HStack>
        </Flex>
      </Container>
    </Box>
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
