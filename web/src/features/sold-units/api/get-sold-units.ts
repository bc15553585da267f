import { SOLD_UNIT_PATHS, type SoldUnit } from '@repo/types';
import useSWR from 'swr';
import { apiFetch } from '@/lib/api/api-fetch';

/** A row of GET /sold-units, as the API contract declares it (with the unit's revision). */
export type { SoldUnit } from '@repo/types';

export interface SoldUnitsQuery {
  archived: boolean;
  overdue: boolean;
}

/** Archived and overdue are narrowed by the server; project and sale status are instant filters on the loaded list. */
export const soldUnitsKey = ({ archived, overdue }: SoldUnitsQuery) => `units_sold?archived=${archived}&overdue=${overdue}`;

export const getSoldUnits = ({ archived, overdue }: SoldUnitsQuery) => apiFetch<SoldUnit[]>(`${SOLD_UNIT_PATHS.list}?archived=${archived}&overdue=${overdue}`);

export const useSoldUnits = (query: SoldUnitsQuery) => {
  const { data, error, isLoading, mutate } = useSWR(soldUnitsKey(query), () => getSoldUnits(query));
  return { units: data ?? [], error: error as unknown, isLoading, refresh: mutate };
};
