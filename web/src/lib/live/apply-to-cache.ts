import type { ProjectCard, ProjectEvent, ProjectRecord, SoldUnit, UnitDetail } from '@repo/types';
import type { Cache, ScopedMutator } from 'swr';
import { cacheKeys } from '../api/cache-keys';
import {
  applyToProjectCards,
  applyToSoldUnits,
  applyToUnitDetail,
  applyToUnitList,
  collectChanges,
  isUnitListSnapshot,
  type UnitChanges,
} from './apply-events';
import { noteRemovedUnits } from './live-status';

/** The sold units lists (features/sold-units: 'units_sold?archived=…'), arrays of SoldUnit. */
const SOLD_UNITS_PREFIX = 'units_sold';

/** The cached families a stream keeps current; on `resync` or while it is down, these are re-read. */
export const isLiveKey = (key: unknown): key is string =>
  typeof key === 'string' && (key.startsWith('units_') || key.startsWith('unit_') || key.startsWith('projects_') || key.startsWith('project_'));

/**
 * Re-reads what the screens on view show of the live families. SWR's filter-mutate only fetches
 * keys a mounted screen uses; the project lists send the ETag they hold, so an unchanged list costs
 * a 304. Held copies of screens not on view are re-read when they are next shown.
 */
export const revalidateLive = (mutate: ScopedMutator) => mutate(isLiveKey);

const unitIdOf = (key: string) => Number(key.slice('unit_'.length));

const applyToKey = (key: string, data: unknown, changes: UnitChanges, projectId: number | null, mutate: ScopedMutator) => {
  if (key.startsWith(SOLD_UNITS_PREFIX) && Array.isArray(data)) {
    const { list, stale } = applyToSoldUnits(data as SoldUnit[], changes);
    if (list !== data || stale) return mutate(key, list, { revalidate: stale });
    return undefined;
  }
  if (key.startsWith('units_') && isUnitListSnapshot(data)) {
    const next = applyToUnitList(data, changes, projectId !== null && key === cacheKeys.projectUnits(projectId));
    return next === data ? undefined : mutate(key, next, { revalidate: false });
  }
  if (key.startsWith('unit_') && data) {
    const update = changes.upserts.get(unitIdOf(key));
    // The list fields now; a screen showing the unit re-reads the rest (images, description, revision).
    return update ? mutate(key, applyToUnitDetail(data as UnitDetail, update), { revalidate: true }) : undefined;
  }
  if (key === cacheKeys.projects() && Array.isArray(data)) {
    const next = applyToProjectCards(data as ProjectCard[], changes.projects);
    return next === data ? undefined : mutate(key, next, { revalidate: false });
  }
  if (key.startsWith('project_') && data) {
    const record = data as ProjectRecord;
    const card = changes.projects.get(record.id);
    // The card carries the counts; the project's own fields are re-read only when the project itself changed.
    return card && card.updatedAt !== record.updatedAt ? mutate(key) : undefined;
  }
  return undefined;
};

/**
 * Applies a batch of events to every cached entry it concerns, in place: one write per key per batch
 * (a bulk change of 500 units is one new list, not 500), so the persisted copy and the table's
 * indexing run once. `projectId` is the stream's project: its list may gain units it did not hold.
 */
export const applyEventsToCache = async (events: readonly ProjectEvent[], cache: Cache, mutate: ScopedMutator, projectId: number | null) => {
  const changes = collectChanges(events);
  noteRemovedUnits(changes.removed, changes.upserts.keys());
  const writes: Promise<unknown>[] = [];
  for (const key of [...cache.keys()]) {
    const write = applyToKey(key, cache.get(key)?.data, changes, projectId, mutate);
    if (write) writes.push(write);
  }
  if (changes.resync) writes.push(revalidateLive(mutate));
  await Promise.all(writes);
};
