import { AUTH_PATHS, type ManagedUser, type UpdateUserInput } from '@repo/types';
import useSWRMutation from 'swr/mutation';
import { apiFetch } from '@/lib/api/api-fetch';
import { usersListKey } from './get-users';

export interface UpdateUserArg {
  id: number;
  input: UpdateUserInput;
}

export const updateUser = ({ id, input }: UpdateUserArg) => apiFetch<ManagedUser>(AUTH_PATHS.user(id), { method: 'PUT', body: input });

export const useUpdateUser = () => {
  const { trigger, isMutating } = useSWRMutation(usersListKey(), (_key: string, { arg }: { arg: UpdateUserArg }) => updateUser(arg), {
    populateCache: false,
    revalidate: true,
  });
  return { updateUser: trigger, isUpdating: isMutating };
};
