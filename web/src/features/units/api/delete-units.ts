import { useState } from 'react';
import { apiFetch } from '@/lib/api/api-fetch';
import { cacheKeys, useCacheInvalidation } from '@/lib/api/cache-keys';

export const deleteUnits = (ids: number[]) => apiFetch<{ deleted: number }>('/units/bulk-delete', { method: 'POST', body: { ids } });

/** Delete Selected Units: one request; the list is re-read, the deleted units' entries and the counts dropped. */
export const useDeleteUnits = (projectId: number | string) => {
  const { refresh, forget } = useCacheInvalidation();
  const [isDeleting, setDeleting] = useState(false);
  const run = async (ids: number[]) => {
    setDeleting(true);
    try {
      const result = await deleteUnits(ids);
      const removed = new Set(ids.map((id) => cacheKeys.unit(id)));
      await Promise.all([refresh(cacheKeys.projectUnits(projectId)), forget((key) => removed.has(key), cacheKeys.projects())]);
      return result;
    } finally {
      setDeleting(false);
    }
  };
  return { deleteUnits: run, isDeleting };
};
