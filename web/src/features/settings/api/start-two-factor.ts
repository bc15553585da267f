import { AUTH_PATHS, type TwoFactorStartInput, type TwoFactorStartResult } from '@repo/types';
import useSWRMutation from 'swr/mutation';
import { apiFetch } from '@/lib/api/api-fetch';

export const startTwoFactorKey = () => AUTH_PATHS.twoFactorStart;

/** Sends the first (or a fresh) 6-digit code to the phone being set up. */
export const startTwoFactor = (input: TwoFactorStartInput) => apiFetch<TwoFactorStartResult>(AUTH_PATHS.twoFactorStart, { method: 'POST', body: input });

export const useStartTwoFactor = () => {
  const { trigger, isMutating } = useSWRMutation(startTwoFactorKey(), (_key: string, { arg }: { arg: TwoFactorStartInput }) => startTwoFactor(arg));
  return { startTwoFactor: trigger, isStarting: isMutating };
};
