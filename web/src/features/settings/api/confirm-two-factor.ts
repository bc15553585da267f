import { AUTH_PATHS, type TwoFactorConfirmInput } from '@repo/types';
import useSWRMutation from 'swr/mutation';
import { apiFetch } from '@/lib/api/api-fetch';

export const confirmTwoFactorKey = () => AUTH_PATHS.twoFactorConfirm;

export const confirmTwoFactor = (input: TwoFactorConfirmInput) => apiFetch<unknown>(AUTH_PATHS.twoFactorConfirm, { method: 'POST', body: input });

export const useConfirmTwoFactor = () => {
  const { trigger, isMutating } = useSWRMutation(confirmTwoFactorKey(), (_key: string, { arg }: { arg: TwoFactorConfirmInput }) => confirmTwoFactor(arg));
  return { confirmTwoFactor: trigger, isConfirming: isMutating };
};
