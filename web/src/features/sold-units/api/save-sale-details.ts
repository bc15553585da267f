import type { SaleDetails } from '@repo/types';
import { useSWRConfig } from 'swr';
import { apiFetch } from '../../../lib/api/api-fetch';

export const saveSaleDetails = (unitId: number, input: Record<string, unknown>) =>
  apiFetch<SaleDetails>(`/units/${unitId}/sale-details`, { method: 'PUT', body: input });

const isSoldUnitsKey = (key: unknown) => typeof key === 'string' && key.startsWith('units_sold');

/** Saves, then refreshes every sold-units list (the derived statuses may move a unit in or out of a filter). */
export const useSaveSaleDetails = () => {
  const { mutate } = useSWRConfig();
  return async (unitId: number, input: Record<string, unknown>) => {
    const saved = await saveSaleDetails(unitId, input);
    await mutate(isSoldUnitsKey);
    return saved;
  };
};
