import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { apiFetch } from '@/lib/api/api-fetch';
import { cacheKeys, useCacheInvalidation } from '@/lib/api/cache-keys';
import { unitPath } from './types';

export const deleteUnit = (id: number) => apiFetch<{ id: number; deleted: number }>(unitPath(id), { method: 'DELETE' });

/**
 * Deletes one unit; its project's list and the dashboard counts are dropped (spec §4). The unit's
 * own entry is removed without telling the screen still showing it, which is about to leave.
 */
export const useDeleteUnit = () => {
  const { cache } = useSWRConfig();
  const { forget } = useCacheInvalidation();
  const [isDeleting, setDeleting] = useState(false);
  const run = async (unit: { id: number; projectId: string }) => {
    setDeleting(true);
    try {
      await deleteUnit(unit.id);
      cache.delete(cacheKeys.unit(unit.id));
      await forget(cacheKeys.projectUnits(unit.projectId), cacheKeys.projects());
    } finally {
      setDeleting(false);
    }
  };
  return { deleteUnit: run, isDeleting };
};
