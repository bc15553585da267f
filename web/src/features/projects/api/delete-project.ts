import { useState } from 'react';
import { apiFetch } from '@/lib/api/api-fetch';
import { anyProjectList, anyUnit, cacheKeys, useCacheInvalidation } from '@/lib/api/cache-keys';
import { projectPath } from './types';

export interface DeleteProjectResult {
  id: number;
  deletedUnits: number;
}

export const deleteProject = (id: number) => apiFetch<DeleteProjectResult>(projectPath(id), { method: 'DELETE' });

/** Deletes a project and its units (server side, one transaction); clears the project and its unit entries (spec §7). */
export const useDeleteProject = () => {
  const { refresh, forget } = useCacheInvalidation();
  const [isDeleting, setDeleting] = useState(false);
  const run = async (id: number) => {
    setDeleting(true);
    try {
      const result = await deleteProject(id);
      await forget(cacheKeys.project(id), cacheKeys.projectUnits(id), anyUnit);
      await refresh(anyProjectList);
      return result;
    } finally {
      setDeleting(false);
    }
  };
  return { deleteProject: run, isDeleting };
};
