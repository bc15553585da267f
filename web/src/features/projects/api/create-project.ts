import type { CreateProjectInput } from '@repo/types';
import { useState } from 'react';
import { apiFetch } from '@/lib/api/api-fetch';
import { anyProjectList, useCacheInvalidation } from '@/lib/api/cache-keys';
import { PROJECTS_PATH, type ProjectInput, type ProjectRecord } from './types';

export const createProject = (input: ProjectInput) => apiFetch<ProjectRecord>(PROJECTS_PATH, { method: 'POST', body: input satisfies CreateProjectInput });

/** Creates a project, then re-reads every list of projects (the dashboard's and the users tab's). */
export const useCreateProject = () => {
  const { refresh } = useCacheInvalidation();
  const [isCreating, setCreating] = useState(false);
  const run = async (input: ProjectInput) => {
    setCreating(true);
    try {
      const project = await createProject(input);
      await refresh(anyProjectList);
      return project;
    } finally {
      setCreating(false);
    }
  };
  return { createProject: run, isCreating };
};
