import type { UnitStatus } from '@repo/types';
import { useState } from 'react';
import { apiFetch } from '@/lib/api/api-fetch';
import { cacheKeys, useCacheInvalidation } from '@/lib/api/cache-keys';

export interface BulkStatusResult {
  status: UnitStatus;
  updated: number;
  unchanged: number;
}

export const changeUnitStatuses = (ids: number[], status: UnitStatus) =>
  apiFetch<BulkStatusResult>('/units/bulk-status', { method: 'POST', body: { ids, status } });

/** Bulk Change Status: one request, one transaction; the list is re-read (a 200 with the new rows). */
export const useChangeUnitStatuses = (projectId: number | string) => {
  const { refresh, forget } = useCacheInvalidation();
  const [isChanging, setChanging] = useState(false);
  const run = async (ids: number[], status: UnitStatus) => {
    setChanging(true);
    try {
      const result = await changeUnitStatuses(ids, status);
      const changed = new Set(ids.map((id) => cacheKeys.unit(id)));
      await Promise.all([refresh(cacheKeys.projectUnits(projectId)), forget((key) => changed.has(key), cacheKeys.projects())]);
      return result;
    } finally {
      setChanging(false);
    }
  };
  return { changeUnitStatuses: run, isChanging };
};
