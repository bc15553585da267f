import { AUTH_PATHS, type ResetPasswordInput, type ResetPasswordResult } from '@repo/types';
import useSWRMutation from 'swr/mutation';
import { apiFetch } from '@/lib/api/api-fetch';

export const resetPasswordKey = () => AUTH_PATHS.resetPassword;

export const resetPassword = (input: ResetPasswordInput) => apiFetch<ResetPasswordResult>(AUTH_PATHS.resetPassword, { method: 'POST', body: input });

export const useResetPassword = () => {
  const { trigger, isMutating } = useSWRMutation(resetPasswordKey(), (_key: string, { arg }: { arg: ResetPasswordInput }) => resetPassword(arg));
  return { resetPassword: trigger, isResetting: isMutating };
};
