import { CACHE_TTL_MS } from '@repo/types';
import useSWR from 'swr';
import { apiFetch } from '@/lib/api/api-fetch';
import { cacheKeys } from '@/lib/api/cache-keys';
import { projectPath, type ProjectRecord } from './types';

export const projectKey = cacheKeys.project;

export const getProject = (id: number | string) => apiFetch<ProjectRecord>(projectPath(id));

/** One project; refreshed every 5 minutes while its page is open (spec §7). */
export const useProject = (id: number | string) => {
  const { data, error, isLoading } = useSWR(projectKey(id), () => getProject(id), { refreshInterval: CACHE_TTL_MS.default });
  return { project: data ?? null, error: error as unknown, isLoading };
};
