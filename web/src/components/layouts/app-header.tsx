import { Box, Button, Container, Flex, Heading, HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ColorModeButton } from '../ui/color-mode';

export interface AppHeaderProps {
  title: string;
  userName: string;
  /** Next to the name, e.g. the agent type. */
  badge?: ReactNode;
  /** Before the name: a discreet status, e.g. whether live updates are flowing. */
  status?: ReactNode;
  onLogout: () => void;
  loggingOut?: boolean;
  /**
   * The title is the page's h1 on the dashboards; on the project and unit pages the project or unit
   * is the h1, so the title is plain text there (one h1 a page).
   */
  titleIsPageHeading?: boolean;
}

/**
 * The header of every signed-in screen (spec §2): the portal's title, who is signed in, and Logout.
 * The project, unit and unit-images pages have it too, so the user can always see who they are and leave.
 */
export const AppHeader = ({ title, userName, badge, status, onLogout, loggingOut, titleIsPageHeading = true }: AppHeaderProps) => (
  <Box as="header" bg="bg" borderBottomWidth="1px" py="3">
    <Container maxW="7xl">
      <Flex justify="space-between" align="center" gap="4" wrap="wrap">
        <Heading as={titleIsPageHeading ? 'h1' : 'p'} size="lg">
          {title}
        </Heading>
        <HStack gap="3" wrap="wrap">
          {status}
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
);
