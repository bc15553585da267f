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

/**
 * Whether this tab holds a persisted copy of `key` (fresh or not: its reader decides). Looked up by
 * name: reading the entry would copy it, a megabyte for a 5,000-unit list, on the first module's path.
 */
export const holdsPersistedEntry = (key: string): boolean => {
  try {
    const storage = window.sessionStorage;
    const name = PERSISTED_ENTRY_PREFIX + key;
    for (let index = 0; index < storage.length; index += 1) if (storage.key(index) === name) return true;
    return false;
  } catch {
    return false;
  }
};
