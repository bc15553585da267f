import { AUTH_PATHS, type DeleteAccountInput } from '@repo/types';
import useSWRMutation from 'swr/mutation';
import { apiFetch } from '@/lib/api/api-fetch';

export const deleteAccountKey = () => AUTH_PATHS.deleteAccount;

/** Deletes the signed-in user's own account after re-checking the password; the session ends with it. */
export const deleteAccount = (input: DeleteAccountInput) => apiFetch<unknown>(AUTH_PATHS.deleteAccount, { method: 'POST', body: input });

export const useDeleteAccount = () => {
  const { trigger, isMutating } = useSWRMutation(deleteAccountKey(), (_key: string, { arg }: { arg: DeleteAccountInput }) => deleteAccount(arg));
  return { deleteAccount: trigger, isDeleting: isMutating };
};
