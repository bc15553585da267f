import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { anyProjectList, cacheKeys, useCacheInvalidation, type KeyMatcher } from '@/lib/api/cache-keys';

const isImageUnitsKey = (key: unknown) => Array.isArray(key) && key[0] === 'unit-images';

export interface ImageInvalidationOptions {
  /** Link and unlink: the project and the dashboard lists go too (spec §4: all caches cleared). */
  everything?: boolean;
  /** A unit whose screen stays open (the edit form): re-read in place rather than dropped. */
  keepUnitId?: number;
}

/**
 * After an image change. A unit's images can change its followers' too, so every cached unit is
 * dropped and the project's list and the unit-images screen are re-read.
 */
export const useImageInvalidation = () => {
  const { mutate } = useSWRConfig();
  const { forget, refresh } = useCacheInvalidation();
  return useCallback(
    async (projectId: number | string | null | undefined, { everything = false, keepUnitId }: ImageInvalidationOptions = {}) => {
      const kept = keepUnitId === undefined ? null : cacheKeys.unit(keepUnitId);
      const matchers: KeyMatcher[] = [(key) => key.startsWith('unit_') && key !== kept];
      if (projectId !== null && projectId !== undefined) {
        matchers.push(cacheKeys.projectUnits(projectId));
        if (everything) matchers.push(anyProjectList);
      }
      // Re-read in place what stays on screen: the project of the unit-images title, the unit being edited.
      const shown = [kept, everything && projectId != null ? cacheKeys.project(projectId) : null].filter((key): key is string => key !== null);
      await Promise.all([forget(...matchers), refresh(...shown), mutate(isImageUnitsKey)]);
    },
    [forget, refresh, mutate],
  );
};
