import { useSWRConfig } from 'swr';
import { apiFetch } from '../../../lib/api/api-fetch';

export interface ArchiveResult {
  id: number;
  archived: boolean;
  changed: boolean;
}

export const setArchived = (unitId: number, archived: boolean) =>
  apiFetch<ArchiveResult>(`/units/${unitId}/archive`, { method: 'PUT', body: { archived } });

export const useSetArchived = () => {
  const { mutate } = useSWRConfig();
  return async (unitId: number, archived: boolean) => {
    const result = await setArchived(unitId, archived);
    await mutate((key: unknown) => typeof key === 'string' && key.startsWith('units_sold'));
    return result;
  };
};
