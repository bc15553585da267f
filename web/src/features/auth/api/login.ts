import { AUTH_PATHS, type LoginInput, type LoginResult } from '@repo/types';
import useSWRMutation from 'swr/mutation';
import { apiFetch } from '@/lib/api/api-fetch';

export const loginKey = () => AUTH_PATHS.login;

/** Either a session (cookie set) or a pending second factor; no session exists before the code. */
export const login = (input: LoginInput) => apiFetch<LoginResult>(AUTH_PATHS.login, { method: 'POST', body: input });

export const useLogin = () => {
  const { trigger, isMutating } = useSWRMutation(loginKey(), (_key: string, { arg }: { arg: LoginInput }) => login(arg));
  return { login: trigger, isLoggingIn: isMutating };
};
