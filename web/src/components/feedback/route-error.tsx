import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { paths } from '@/config/paths';

const describe = (error: unknown): string => {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return 'Something went wrong while showing this page.';
};

/** The router's error element (spec §2: 'Unexpected Application Error!'). */
export const RouteError = () => {
  const error = useRouteError();
  return (
    <Box as="main" minH="100vh" display="grid" placeItems="center" p="6">
      <Stack gap="4" maxW="lg" textAlign="center" role="alert">
        <Heading as="h1" size="xl">
          Unexpected Application Error!
        </Heading>
        <Text color="fg.muted">{describe(error)}</Text>
        <Box>
          <Button asChild colorPalette="brand">
            <Link to={paths.home}>Go to the start page</Link>
          </Button>
        </Box>
      </Stack>
    </Box>
  );
};
