import { SOLD_UNIT_PATHS, type ArchiveResult, type SetArchivedInput } from '@repo/types';
import { useSWRConfig } from 'swr';
import { apiFetch } from '@/lib/api/api-fetch';

export type { ArchiveResult } from '@repo/types';

export const setArchived = (unitId: number, archived: boolean) =>
  apiFetch<ArchiveResult>(SOLD_UNIT_PATHS.archive(unitId), { method: 'PUT', body: { archived } satisfies SetArchivedInput });

export const useSetArchived = () => {
  const { mutate } = useSWRConfig();
  return async (unitId: number, archived: boolean) => {
    const result = await setArchived(unitId, archived);
    await mutate((key: unknown) => typeof key === 'string' && key.startsWith('units_sold'));
    return result;
  };
};
