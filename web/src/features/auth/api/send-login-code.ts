import { AUTH_PATHS, type SendCodeInput, type SendCodeResult } from '@repo/types';
import useSWRMutation from 'swr/mutation';
import { apiFetch } from '@/lib/api/api-fetch';

export const sendLoginCodeKey = () => AUTH_PATHS.sendLoginCode;

export const sendLoginCode = (input: SendCodeInput) => apiFetch<SendCodeResult>(AUTH_PATHS.sendLoginCode, { method: 'POST', body: input });

export const useSendLoginCode = () => {
  const { trigger, isMutating } = useSWRMutation(sendLoginCodeKey(), (_key: string, { arg }: { arg: SendCodeInput }) => sendLoginCode(arg));
  return { sendCode: trigger, isSending: isMutating };
};
