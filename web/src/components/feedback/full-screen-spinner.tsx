import { Center, Spinner, Stack, Text } from '@chakra-ui/react';

/** What a guarded or lazily loaded screen shows while it waits (spec §2: 'Loading...'). */
export const FullScreenSpinner = () => (
  <Center minH="100vh" role="status" aria-live="polite">
    <Stack align="center" gap="3">
      <Spinner size="lg" color="brand.solid" />
      <Text color="fg.muted">Loading...</Text>
    </Stack>
  </Center>
);
