import { Box, Button, Stack } from '@chakra-ui/react';
import { MISSING_AGENT_TYPE_MESSAGE, type LoginUserType } from '@repo/types';
import { useRef, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { FullScreenSpinner } from '@/components/feedback/full-screen-spinner';
import { InlineError } from '@/components/feedback/inline-error';
import { paths } from '@/config/paths';
import { useSession } from '../hooks/use-session';

export interface RequireRoleProps {
  role: LoginUserType;
  children: ReactNode;
}

/**
 * The admin and agent guards (spec §2): wait while the session loads, send a signed-out user or
 * the wrong role to that role's login. The agent guard does not admit admins.
 */
export const RequireRole = ({ role, children }: RequireRoleProps) => {
  const session = useSession();
  // Only a guard that was showing a signed-in screen follows signOut's destination; a guard met
  // later while signed out always leads to its login.
  const sawSignedIn = useRef(false);

  if (session.status === 'loading') return <FullScreenSpinner />;
  if (session.status === 'signed-out') {
    const target = sawSignedIn.current && session.exitPath ? session.exitPath : paths.login(role);
    return <Navigate to={target} replace />;
  }
  sawSignedIn.current = true;

  if (role === 'agent' && session.agentType === null) {
    return (
      <Box as="main" minH="100vh" display="grid" placeItems="center" p="6">
        <Stack gap="4" maxW="lg" align="center">
          <InlineError message={MISSING_AGENT_TYPE_MESSAGE} />
          <Button variant="outline" onClick={() => void session.signOut({ redirectTo: paths.home })}>
            Logout
          </Button>
        </Stack>
      </Box>
    );
  }
  if (session.role !== role) return <Navigate to={paths.login(role)} replace />;
  return <>{children}</>;
};
