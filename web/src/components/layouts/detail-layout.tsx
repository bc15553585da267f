import { Box, Container, Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ColorModeButton } from '../ui/color-mode';
import { Toaster } from '../ui/toaster';

export interface DetailLayoutProps {
  children: ReactNode;
}

/** The frame of the project and unit pages, which sit outside the dashboards' tabs. */
export const DetailLayout = ({ children }: DetailLayoutProps) => (
  <Box minH="100vh" bg="bg.subtle">
    <Container as="main" maxW="7xl" py="6">
      <Flex justify="flex-end" mb="2">
        <ColorModeButton />
      </Flex>
      {children}
    </Container>
    <Toaster />
  </Box>
);
