import { AUTH_PATHS, type CreateUserInput, type ManagedUser } from '@repo/types';
import useSWRMutation from 'swr/mutation';
import { apiFetch } from '@/lib/api/api-fetch';
import { usersListKey } from './get-users';

export const createUser = (input: CreateUserInput) => apiFetch<ManagedUser>(AUTH_PATHS.users, { method: 'POST', body: input });

/** Creates the user, then refetches the list. */
export const useCreateUser = () => {
  const { trigger, isMutating } = useSWRMutation(usersListKey(), (_key: string, { arg }: { arg: CreateUserInput }) => createUser(arg), {
    populateCache: false,
    revalidate: true,
  });
  return { createUser: trigger, isCreating: isMutating };
};
