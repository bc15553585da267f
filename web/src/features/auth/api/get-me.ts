import { AUTH_PATHS, type SessionProfile } from '@repo/types';
import useSWR from 'swr';
import { ApiError } from '@/lib/api/api-error';
import { apiFetch } from '@/lib/api/api-fetch';

/** Not a cached-data key: who is signed in is never persisted, and survives 'Clear All Cached Data'. */
export const meKey = () => 'session_me';

/** The signed-in profile, or null when the server says nobody is (401). */
export const getMe = async (): Promise<SessionProfile | null> => {
  try {
    return await apiFetch<SessionProfile>(AUTH_PATHS.me);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
};

export const useMe = () => {
  const { data, error, isLoading, mutate } = useSWR(meKey(), getMe, { revalidateOnFocus: true });
  return { profile: data, error: error as unknown, isLoading, mutate };
};
