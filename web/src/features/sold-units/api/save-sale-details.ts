import { SOLD_UNIT_PATHS, type SavedSaleDetails, type SaveSaleDetailsInput } from '@repo/types';
import { useSWRConfig } from 'swr';
import { apiFetch } from '@/lib/api/api-fetch';

/** PUT sale-details with the unit's revision as read: a save from an older one is refused (409). */
export const saveSaleDetails = (unitId: number, input: SaveSaleDetailsInput) =>
  apiFetch<SavedSaleDetails>(SOLD_UNIT_PATHS.saleDetails(unitId), { method: 'PUT', body: input });

export const isSoldUnitsKey = (key: unknown) => typeof key === 'string' && key.startsWith('units_sold');

/** Saves, then refreshes every sold-units list (the derived statuses may move a unit in or out of a filter). */
export const useSaveSaleDetails = () => {
  const { mutate } = useSWRConfig();
  return async (unitId: number, input: SaveSaleDetailsInput) => {
    const saved = await saveSaleDetails(unitId, input);
    await mutate(isSoldUnitsKey);
    return saved;
  };
};
