import { AUTH_PATHS, type ChangePasswordInput } from '@repo/types';
import useSWRMutation from 'swr/mutation';
import { apiFetch } from '@/lib/api/api-fetch';

export const changePasswordKey = () => AUTH_PATHS.changePassword;

/** The server re-verifies the current password first (spec §5). */
export const changePassword = (input: ChangePasswordInput) => apiFetch<unknown>(AUTH_PATHS.changePassword, { method: 'POST', body: input });

export const useChangePassword = () => {
  const { trigger, isMutating } = useSWRMutation(changePasswordKey(), (_key: string, { arg }: { arg: ChangePasswordInput }) => changePassword(arg));
  return { changePassword: trigger, isChanging: isMutating };
};
