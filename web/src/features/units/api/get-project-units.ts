import useSWR, { useSWRConfig } from 'swr';
import { apiFetchConditional } from '@/lib/api/api-fetch';
import { cacheKeys } from '@/lib/api/cache-keys';
import { projectUnitsPath, type UnitListItem } from './types';

/** The cached list with the validator it came with, so the next read can be a 304. */
export interface ProjectUnitsSnapshot {
  units: UnitListItem[];
  etag: string | null;
}

export const projectUnitsKey = cacheKeys.projectUnits;

const isSnapshot = (value: unknown): value is ProjectUnitsSnapshot =>
  typeof value === 'object' && value !== null && Array.isArray((value as ProjectUnitsSnapshot).units);

/**
 * All units of a project the viewer may see, in one response (spec §7 list by projectId). With the
 * copy already held, the request carries its ETag and a 304 keeps that copy: revalidating a
 * 5,000-unit list then costs a header exchange.
 */
export const getProjectUnits = async (projectId: number | string, held?: ProjectUnitsSnapshot | null): Promise<ProjectUnitsSnapshot> => {
  const result = await apiFetchConditional<UnitListItem[]>(projectUnitsPath(projectId), { ifNoneMatch: held?.etag });
  if (result.notModified && held) return held;
  if (result.notModified) return getProjectUnits(projectId, null);
  return { units: result.data, etag: result.etag };
};

const NO_UNITS: UnitListItem[] = [];

export const useProjectUnits = (projectId: number | string) => {
  const { cache } = useSWRConfig();
  const key = projectUnitsKey(projectId);
  const { data, error, isLoading } = useSWR(key, () => {
    const held = cache.get(key)?.data;
    return getProjectUnits(projectId, isSnapshot(held) ? held : null);
  });
  return { units: data?.units ?? NO_UNITS, error: error as unknown, isLoading };
};
