import { CACHE_TTL_MS, STORAGE_KEYS } from '@repo/types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearPersistedCache,
  createPersistentCache,
  flushPersistedCache,
  isCachedKey,
  isDataCachingEnabled,
  registerCachedKeys,
  setDataCachingEnabled,
} from '../cache-persistence';

const stored = (key: string) => JSON.parse(window.sessionStorage.getItem(`propertyPortal.cache.${key}`) ?? 'null');

describe('cache persistence', () => {
  afterEach(() => vi.useRealTimers());

  it("knows the spec's key families and nothing else", () => {
    for (const key of ['project_4', 'units_4', 'unit_12', 'projects_all', 'user_3', 'users_list']) expect(isCachedKey(key)).toBe(true);
    for (const key of ['session_me', '/portal-auth/login', 'settings']) expect(isCachedKey(key)).toBe(false);
  });

  it('persists data of cached keys to sessionStorage and keeps everything else in memory', () => {
    const cache = createPersistentCache();
    cache.set('users_list', { data: [{ id: 1 }] });
    cache.set('session_me', { data: { id: 1 } });
    flushPersistedCache();
    expect(stored('users_list').data).toEqual([{ id: 1 }]);
    expect(stored('session_me')).toBeNull();
    expect(cache.get('session_me')).toEqual({ data: { id: 1 } });
  });

  it('starts a new cache from fresh entries and drops the ones older than their TTL', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
    const first = createPersistentCache();
    first.set('users_list', { data: ['fresh'] });
    first.set('user_9', { data: ['stale'] });
    registerCachedKeys('user_', 60_000);
    vi.setSystemTime(new Date(Date.parse('2026-01-01T10:00:00Z') + 120_000));

    const second = createPersistentCache();
    expect(second.get('users_list')?.data).toEqual(['fresh']);
    expect(second.get('user_9')).toBeUndefined();
    expect(stored('user_9')).toBeNull();
    registerCachedKeys('user_', CACHE_TTL_MS.default);
  });

  it('is on by default, stores the switch locally, and forgets persisted data when switched off', () => {
    expect(isDataCachingEnabled()).toBe(true);
    createPersistentCache().set('projects_all', { data: [1] });
    setDataCachingEnabled(false);
    expect(window.localStorage.getItem(STORAGE_KEYS.dataCaching)).toBe('false');
    expect(stored('projects_all')).toBeNull();

    const cache = createPersistentCache();
    cache.set('projects_all', { data: [2] });
    expect(stored('projects_all')).toBeNull();
    setDataCachingEnabled(true);
    expect(isDataCachingEnabled()).toBe(true);
  });

  it('stores a write once the page is idle, not while the answer is being shown', async () => {
    const cache = createPersistentCache();
    cache.set('units_7', { data: { units: [{ id: 1 }], etag: 'W/"a"' } });
    expect(stored('units_7')).toBeNull();
    expect(cache.get('units_7')?.data).toEqual({ units: [{ id: 1 }], etag: 'W/"a"' });
    await vi.waitFor(() => expect(stored('units_7')?.data).toEqual({ units: [{ id: 1 }], etag: 'W/"a"' }));
    clearPersistedCache();
  });

  it('never stores a waiting write once its key is deleted or the cache cleared', async () => {
    const cache = createPersistentCache();
    cache.set('units_8', { data: [1] });
    cache.delete('units_8');
    cache.set('project_8', { data: [2] });
    clearPersistedCache();
    flushPersistedCache();
    expect(stored('units_8')).toBeNull();
    expect(stored('project_8')).toBeNull();
  });

  it('clears only its own entries', () => {
    window.sessionStorage.setItem('someone-else', 'keep');
    createPersistentCache().set('unit_1', { data: { id: 1 } });
    clearPersistedCache();
    expect(stored('unit_1')).toBeNull();
    expect(window.sessionStorage.getItem('someone-else')).toBe('keep');
  });
});
