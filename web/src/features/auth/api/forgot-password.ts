import { AUTH_PATHS, type ForgotPasswordInput } from '@repo/types';
import useSWRMutation from 'swr/mutation';
import { apiFetch } from '@/lib/api/api-fetch';

export const forgotPasswordKey = () => AUTH_PATHS.forgotPassword;

export const forgotPassword = (input: ForgotPasswordInput) => apiFetch<unknown>(AUTH_PATHS.forgotPassword, { method: 'POST', body: input });

export const useForgotPassword = () => {
  const { trigger, isMutating } = useSWRMutation(forgotPasswordKey(), (_key: string, { arg }: { arg: ForgotPasswordInput }) => forgotPassword(arg));
  return { requestReset: trigger, isSending: isMutating };
};
