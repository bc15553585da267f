import type { UpdateProjectInput } from '@repo/types';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { apiFetch } from '@/lib/api/api-fetch';
import { anyProjectList, anyUnit, useCacheInvalidation } from '@/lib/api/cache-keys';
import { projectKey } from './get-project';
import { projectPath, type ProjectInput, type ProjectRecord } from './types';

export interface UpdateProjectArg {
  id: number;
  /** The fields to merge, and the revision the form read: an older one is refused (409). */
  input: Partial<ProjectInput> & { revision: number };
}

export const updateProject = ({ id, input }: UpdateProjectArg) =>
  apiFetch<ProjectRecord>(projectPath(id), { method: 'PUT', body: input satisfies UpdateProjectInput });

/**
 * Saves a project (a merge), shows the server's copy at once, and re-reads the lists. A change of
 * visibility changes the units' currency and agents' views, so cached unit details are dropped too.
 */
export const useUpdateProject = () => {
  const { mutate } = useSWRConfig();
  const { refresh, forget } = useCacheInvalidation();
  const [isUpdating, setUpdating] = useState(false);
  const run = async (arg: UpdateProjectArg) => {
    setUpdating(true);
    try {
      const project = await updateProject(arg);
      await mutate(projectKey(arg.id), project, { revalidate: false });
      await refresh(anyProjectList);
      if (arg.input.visibleTo) await forget(anyUnit);
      return project;
    } finally {
      setUpdating(false);
    }
  };
  return { updateProject: run, isUpdating };
};
