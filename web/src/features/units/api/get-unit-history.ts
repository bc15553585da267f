import useSWR from 'swr';
import { apiFetch } from '@/lib/api/api-fetch';
import { UNIT_HISTORY_PATHS } from '@repo/types';
import type { UnitHistoryEntry } from './types';

/** Not one of the spec's cached families: the history is always read fresh (admin only). */
export const unitHistoryKey = (id: number | string) => ['unit-history', String(id)] as const;

export const getUnitHistory = (id: number | string) => apiFetch<UnitHistoryEntry[]>(UNIT_HISTORY_PATHS.unitHistory(id));

export const useUnitHistory = (id: number | string) => {
  const { data, error, isLoading } = useSWR(unitHistoryKey(id), () => getUnitHistory(id));
  return { entries: data ?? [], error: error as unknown, isLoading };
};
