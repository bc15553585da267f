import { useContext } from 'react';
import { SessionContext, type Session } from '../components/session-provider';

export const useSession = (): Session => {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider> (see app/provider.tsx)');
  return session;
};
