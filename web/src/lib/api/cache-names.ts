/**
 * The spec's cache keys (spec §7 Caching) and the sessionStorage name a persisted entry is kept
 * under. This module imports nothing: the first module (src/early.ts) reads it before the app runs.
 */
export const cacheKeys = {
  projects: () => 'projects_all',
  project: (id: number | string) => `project_${id}`,
  projectUnits: (projectId: number | string) => `units_${projectId}`,
  unit: (id: number | string) => `unit_${id}`,
} as const;

/** The prefix of every persisted entry in sessionStorage (lib/api/cache-persistence.ts). */
export const PERSISTED_ENTRY_PREFIX = 'propertyPortal.cache.';

/** Whether this tab holds a persisted copy of `key` (fresh or not: its reader decides). */
export const holdsPersistedEntry = (key: string): boolean => {
  try {
    return window.sessionStorage.getItem(PERSISTED_ENTRY_PREFIX + key) !== null;
  } catch {
    return false;
  }
};
