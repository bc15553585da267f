import { AUTH_PATHS, type ManagedUser } from '@repo/types';
import useSWR from 'swr';
import { apiFetch } from '@/lib/api/api-fetch';

/** The spec's cache key for the user list (spec §7). */
export const usersListKey = () => 'users_list';

export const getUsers = () => apiFetch<ManagedUser[]>(AUTH_PATHS.users);

export const useUsers = () => {
  const { data, error, isLoading } = useSWR(usersListKey(), getUsers);
  return { users: data ?? [], error: error as unknown, isLoading };
};
