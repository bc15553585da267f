import { Box, Container } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Toaster } from '../ui/toaster';

export interface DetailLayoutProps {
  /** The signed-in header (AppHeader), composed by the route that knows the session. */
  header: ReactNode;
  children: ReactNode;
}

/** The frame of the project, unit and unit-images pages, which sit outside the dashboards' tabs. */
export const DetailLayout = ({ header, children }: DetailLayoutProps) => (
  <Box minH="100vh" bg="bg.subtle">
    {header}
    <Container as="main" maxW="7xl" py="6">
      {children}
    </Container>
    <Toaster />
  </Box>
);
