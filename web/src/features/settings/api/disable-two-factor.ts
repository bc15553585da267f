import { AUTH_PATHS } from '@repo/types';
import useSWRMutation from 'swr/mutation';
import { apiFetch } from '@/lib/api/api-fetch';

export const disableTwoFactorKey = () => AUTH_PATHS.twoFactorDisable;

/** Turns SMS two-factor off at once (spec §4). */
export const disableTwoFactor = () => apiFetch<unknown>(AUTH_PATHS.twoFactorDisable, { method: 'POST' });

export const useDisableTwoFactor = () => {
  const { trigger, isMutating } = useSWRMutation(disableTwoFactorKey(), () => disableTwoFactor());
  return { disableTwoFactor: trigger, isDisabling: isMutating };
};
