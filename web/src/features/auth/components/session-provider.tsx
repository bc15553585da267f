import { AUTH_PATHS, deriveAgentType, type AgentType, type Role, type SessionProfile } from '@repo/types';
import { createContext, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useSWRConfig } from 'swr';
import { setUnauthorizedHandler } from '@/lib/api/api-fetch';
import { clearPersistedCache } from '@/lib/api/cache-persistence';
import { meKey, useMe } from '../api/get-me';
import { logout } from '../api/logout';

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

export interface SignOutOptions {
  /** Where a guarded screen goes once the session is gone (default: the guard's login screen). */
  redirectTo?: string;
  /** The server already ended the session (the account was deleted): skip the logout request. */
  serverSessionEnded?: boolean;
}

export interface Session {
  status: SessionStatus;
  profile: SessionProfile | null;
  role: Role | null;
  /** Derived per spec §4; null when the profile names no usable role or agent type. */
  agentType: AgentType | null;
  /** Set by signOut for the guards of the screen being left; cleared by the next sign-in. */
  exitPath: string | null;
  signOut: (options?: SignOutOptions) => Promise<void>;
  /** Re-reads the profile, or takes the one a sign-in or an update just returned. */
  refresh: (profile?: SessionProfile) => Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export interface SessionProviderProps {
  children: ReactNode;
}

export const SessionProvider = ({ children }: SessionProviderProps) => {
  const { profile, error, mutate: mutateMe } = useMe();
  const { mutate } = useSWRConfig();
  const [exitPath, setExitPath] = useState<string | null>(null);

  // Data cached for one user must never be shown to the next one.
  const forgetCachedData = useCallback(async () => {
    clearPersistedCache();
    await mutate((key) => key !== meKey(), undefined, { revalidate: false });
  }, [mutate]);

  // A 401 anywhere means the session ended (expired, or ended elsewhere): re-read who is signed in.
  useEffect(
    () =>
      setUnauthorizedHandler((path) => {
        if (path !== AUTH_PATHS.me) void mutateMe();
      }),
    [mutateMe],
  );

  const signOut = useCallback(
    async ({ redirectTo, serverSessionEnded = false }: SignOutOptions = {}) => {
      if (!serverSessionEnded) {
        try {
          await logout();
        } catch (cause) {
          // The spec only logs a failed sign-out; the local session is cleared regardless.
          console.warn('Signing out on the server failed', cause);
        }
      }
      // Committed before the profile disappears, so the guard being left already knows where to go.
      flushSync(() => setExitPath(redirectTo ?? null));
      await mutateMe(null, { revalidate: false });
      await forgetCachedData();
    },
    [mutateMe, forgetCachedData],
  );

  const refresh = useCallback(
    async (next?: SessionProfile) => {
      if (!next) {
        await mutateMe();
        return;
      }
      if (profile && profile.id !== next.id) await forgetCachedData();
      setExitPath(null);
      await mutateMe(next, { revalidate: false });
    },
    [mutateMe, forgetCachedData, profile],
  );

  const value = useMemo<Session>(() => {
    // A failed look-up (server unreachable) is treated as signed out: the login screen reports the failure.
    const status: SessionStatus = profile ? 'signed-in' : profile === null || error ? 'signed-out' : 'loading';
    const current = profile ?? null;
    return {
      status,
      profile: current,
      role: current?.role ?? null,
      agentType: current ? deriveAgentType(current) : null,
      exitPath,
      signOut,
      refresh,
    };
  }, [profile, error, exitPath, signOut, refresh]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
};
