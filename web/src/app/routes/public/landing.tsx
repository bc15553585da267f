import { Box, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { ColorModeButton } from '@/components/ui/color-mode';
import { paths } from '@/config/paths';

export const LandingRoute = () => (
  <Box as="main" minH="100vh" bg="bg.subtle" display="grid" placeItems="center" p="6" position="relative">
    <Box position="absolute" top="4" right="4">
      <ColorModeButton />
    </Box>
    <Card.Root maxW="md" w="full" variant="elevated">
      <Card.Body>
        <Stack gap="6" textAlign="center" py="4">
          <Stack gap="2">
            <Heading as="h1" size="2xl">
              Property Portal
            </Heading>
            <Text color="fg.muted">Property management portal</Text>
          </Stack>
          <HStack gap="3" justify="center" flexWrap="wrap">
            <Button asChild colorPalette="brand" size="lg">
              <Link to={paths.login('admin')}>Admin Login</Link>
            </Button>
            <Button asChild colorPalette="brand" variant="outline" size="lg">
              <Link to={paths.login('agent')}>Agent Login</Link>
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  </Box>
);
