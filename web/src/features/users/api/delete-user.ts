import { AUTH_PATHS } from '@repo/types';
import useSWRMutation from 'swr/mutation';
import { apiFetch } from '@/lib/api/api-fetch';
import { usersListKey } from './get-users';

export const deleteUser = (id: number) => apiFetch<unknown>(AUTH_PATHS.user(id), { method: 'DELETE' });

export const useDeleteUser = () => {
  const { trigger, isMutating } = useSWRMutation(usersListKey(), (_key: string, { arg }: { arg: number }) => deleteUser(arg), {
    populateCache: false,
    revalidate: true,
  });
  return { deleteUser: trigger, isDeleting: isMutating };
};
