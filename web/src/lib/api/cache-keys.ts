import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/**
 * The spec's cache keys (spec §7 Caching, named in cache-names.ts), in one place because a change in
 * one feature must clear another's entries: a unit edit changes its project's counts. The prefixes
 * are the ones the sessionStorage persistence knows (cache-persistence.ts), with their lifetimes.
 */
export { cacheKeys } from './cache-names';

export type KeyMatcher = string | ((key: string) => boolean);

const matches = (matcher: KeyMatcher) => (key: unknown) => typeof key === 'string' && (typeof matcher === 'string' ? key === matcher : matcher(key));

/** Every 'projects_' list (the dashboard's and any other feature's list of projects). */
export const anyProjectList: KeyMatcher = (key) => key.startsWith('projects_');
/** Every cached unit detail. */
export const anyUnit: KeyMatcher = (key) => key.startsWith('unit_');

/**
 * Two ways to invalidate (spec §4): `refresh` re-reads what a screen shows and keeps it on screen
 * meanwhile; `forget` drops the cached copy (memory and sessionStorage), so a screen opened later
 * loads afresh instead of flashing old data. Screens still mounted on a forgotten key re-read it.
 */
export const useCacheInvalidation = () => {
  const { mutate } = useSWRConfig();
  const refresh = useCallback(
    async (...matchers: KeyMatcher[]) => {
      await Promise.all(matchers.map((matcher) => mutate(matches(matcher))));
    },
    [mutate],
  );
  const forget = useCallback(
    async (...matchers: KeyMatcher[]) => {
      await Promise.all(matchers.map((matcher) => mutate(matches(matcher), undefined, { revalidate: true })));
    },
    [mutate],
  );
  return { refresh, forget };
};
