import useSWR from 'swr';
import { apiFetch } from '@/lib/api/api-fetch';
import { cacheKeys } from '@/lib/api/cache-keys';
import { unitPath, type UnitDetail } from './types';

export const unitKey = cacheKeys.unit;

export const getUnit = (id: number | string) => apiFetch<UnitDetail>(unitPath(id));

/** One unit (kept 5 minutes, spec §7). */
export const useUnit = (id: number | string) => {
  const { data, error, isLoading, mutate } = useSWR(unitKey(id), () => getUnit(id));
  return { unit: data ?? null, error: error as unknown, isLoading, reload: () => mutate() };
};
