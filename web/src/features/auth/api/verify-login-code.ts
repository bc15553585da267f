import { AUTH_PATHS, type VerifyCodeInput, type VerifyCodeResult } from '@repo/types';
import useSWRMutation from 'swr/mutation';
import { apiFetch } from '@/lib/api/api-fetch';

export const verifyLoginCodeKey = () => AUTH_PATHS.verifyLoginCode;

export const verifyLoginCode = (input: VerifyCodeInput) => apiFetch<VerifyCodeResult>(AUTH_PATHS.verifyLoginCode, { method: 'POST', body: input });

export const useVerifyLoginCode = () => {
  const { trigger, isMutating } = useSWRMutation(verifyLoginCodeKey(), (_key: string, { arg }: { arg: VerifyCodeInput }) => verifyLoginCode(arg));
  return { verifyCode: trigger, isVerifying: isMutating };
};
