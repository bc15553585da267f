import { CACHE_TTL_MS, STORAGE_KEYS } from '@repo/types';
import type { Cache, State } from 'swr';
import { PERSISTED_ENTRY_PREFIX as ENTRY_PREFIX } from './cache-names';

/**
 * SWR's cache, mirrored into sessionStorage while Data Caching is on (spec §7 Caching): data
 * survives a reload of the tab for its time-to-live, and nothing outlives the tab. Only keys with
 * a registered prefix are persisted; everything else (the session above all) stays in memory.
 */

interface CachePolicy {
  prefix: string;
  ttlMs: number;
}

interface PersistedEntry {
  storedAt: number;
  data: unknown;
}

// The spec's key families and lifetimes (spec §7, §9): a project 10 minutes, a unit 5, the rest the
// 5-minute default. Set here rather than by the features, which load later than the persisted
// entries are read back. Features may still register their own prefixes.
const policies: CachePolicy[] = [
  { prefix: 'project_', ttlMs: CACHE_TTL_MS.project },
  { prefix: 'units_', ttlMs: CACHE_TTL_MS.default },
  { prefix: 'unit_', ttlMs: CACHE_TTL_MS.unit },
  { prefix: 'projects_', ttlMs: CACHE_TTL_MS.default },
  { prefix: 'user_', ttlMs: CACHE_TTL_MS.default },
  { prefix: 'users_list', ttlMs: CACHE_TTL_MS.default },
];

export const registerCachedKeys = (prefix: string, ttlMs: number = CACHE_TTL_MS.default) => {
  const existing = policies.find((policy) => policy.prefix === prefix);
  if (existing) existing.ttlMs = ttlMs;
  else policies.push({ prefix, ttlMs });
};

/** The policy of a key: the longest matching prefix, so 'units_' is never mistaken for 'unit_'. */
const policyFor = (key: string): CachePolicy | undefined =>
  policies.filter((policy) => key.startsWith(policy.prefix)).sort((a, b) => b.prefix.length - a.prefix.length)[0];

export const isCachedKey = (key: unknown): key is string => typeof key === 'string' && policyFor(key) !== undefined;

export const isDataCachingEnabled = (): boolean => {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.dataCaching) !== 'false';
  } catch {
    return true;
  }
};

/** The setting is a local preference; turning it off also forgets what was persisted. */
export const setDataCachingEnabled = (enabled: boolean) => {
  try {
    window.localStorage.setItem(STORAGE_KEYS.dataCaching, String(enabled));
  } catch {
    // Storage refused (private mode, quota): the toggle still applies to this page.
  }
  if (!enabled) clearPersistedCache();
};

const persistedKeys = (): string[] => {
  const keys: string[] = [];
  for (let index = 0; index < window.sessionStorage.length; index += 1) {
    const key = window.sessionStorage.key(index);
    if (key?.startsWith(ENTRY_PREFIX)) keys.push(key);
  }
  return keys;
};

/**
 * Writes waiting for an idle moment, by key. Serializing and storing a 5,000-unit list takes tens of
 * milliseconds, and SWR sets the cache between the answer's arrival and the render of the rows: done
 * there, it delayed the first view of a project (issue #26, the cold click). A removal or a clear
 * drops the waiting write, so nothing forgotten comes back; a page about to go flushes them.
 */
const pendingWrites = new Map<string, PersistedEntry>();
let flushScheduled = false;

export const clearPersistedCache = () => {
  pendingWrites.clear();
  try {
    for (const key of persistedKeys()) window.sessionStorage.removeItem(key);
  } catch {
    // Nothing persisted is reachable, so there is nothing to clear.
  }
};

const readEntry = (storageKey: string): PersistedEntry | null => {
  try {
    const entry = JSON.parse(window.sessionStorage.getItem(storageKey) ?? 'null') as PersistedEntry | null;
    return entry && typeof entry.storedAt === 'number' ? entry : null;
  } catch {
    return null;
  }
};

/** Stores the writes still waiting (at once: a test, a page about to go, a new cache about to read them). */
export const flushPersistedCache = () => {
  const entries = [...pendingWrites];
  pendingWrites.clear();
  if (!isDataCachingEnabled()) return;
  for (const [key, entry] of entries) {
    try {
      window.sessionStorage.setItem(ENTRY_PREFIX + key, JSON.stringify(entry));
    } catch {
      // Over quota: the in-memory cache still works, the next reload just fetches.
    }
  }
};

const scheduleFlush = () => {
  if (flushScheduled) return;
  flushScheduled = true;
  const run = () => {
    flushScheduled = false;
    flushPersistedCache();
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 1_000 });
  else window.setTimeout(run, 200);
};

if (typeof window !== 'undefined') window.addEventListener('pagehide', flushPersistedCache);

const writeEntry = (key: string, data: unknown) => {
  pendingWrites.set(key, { storedAt: Date.now(), data });
  scheduleFlush();
};

const removeEntry = (key: string) => {
  pendingWrites.delete(key);
  try {
    window.sessionStorage.removeItem(ENTRY_PREFIX + key);
  } catch {
    // See clearPersistedCache.
  }
};

/** SWR's `provider`: a Map-backed cache that starts from the fresh persisted entries. */
export const createPersistentCache = (): Cache => {
  const map = new Map<string, State>();
  // The last data written per key: SWR sets the state on every isValidating flip, the data rarely.
  const written = new Map<string, unknown>();
  flushPersistedCache();

  if (isDataCachingEnabled()) {
    for (const storageKey of persistedKeys()) {
      const key = storageKey.slice(ENTRY_PREFIX.length);
      const policy = policyFor(key);
      const entry = readEntry(storageKey);
      if (!policy || !entry || Date.now() - entry.storedAt > policy.ttlMs) {
        removeEntry(key);
        continue;
      }
      // `_k` is the original key; SWR's filter-mutate (used by 'Clear All Cached Data') reads it.
      map.set(key, { data: entry.data, _k: key } as State);
      written.set(key, entry.data);
    }
  } else {
    clearPersistedCache();
  }

  return {
    keys: () => map.keys(),
    get: (key) => map.get(key),
    set: (key, value) => {
      map.set(key, value);
      if (!isCachedKey(key) || written.get(key) === value.data) return;
      written.set(key, value.data);
      if (value.data === undefined || !isDataCachingEnabled()) removeEntry(key);
      else writeEntry(key, value.data);
    },
    delete: (key) => {
      map.delete(key);
      written.delete(key);
      removeEntry(key);
    },
  };
};
