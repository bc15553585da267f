import { Box, Card, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ColorModeButton } from '../ui/color-mode';

export interface AuthLayoutProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** The centred card of the sign-in, reset and verification screens. */
export const AuthLayout = ({ title, subtitle, children }: AuthLayoutProps) => (
  <Box as="main" minH="100vh" bg="bg.subtle" display="grid" placeItems="center" p={{ base: '4', md: '6' }} position="relative">
    <Box position="absolute" top="4" right="4">
      <ColorModeButton />
    </Box>
    <Card.Root maxW="md" w="full" variant="elevated">
      <Card.Body>
        <Stack gap="6">
          <Stack gap="1" textAlign="center">
            <Heading as="h1" size="2xl">
              {title}
            </Heading>
            {subtitle && <Text color="fg.muted">{subtitle}</Text>}
          </Stack>
          {children}
        </Stack>
      </Card.Body>
    </Card.Root>
  </Box>
);
