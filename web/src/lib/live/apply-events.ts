import type { ProjectCard, ProjectEvent, SoldUnit, UnitDetail, UnitListItem } from '@repo/types';

/**
 * How a batch of live events (types/src/api/events.ts) changes what the SWR cache holds. Pure
 * functions over the cached shapes, so the screens' lists change in place (no refetch of 5,000
 * rows for one status) and the same rules hold for every view that reads those keys.
 */

/** The project list's cached value (features/units/api/get-project-units.ts): the rows and their ETag. */
export interface UnitListSnapshot {
  units: UnitListItem[];
  etag: string | null;
}

export const isUnitListSnapshot = (value: unknown): value is UnitListSnapshot =>
  typeof value === 'object' && value !== null && Array.isArray((value as UnitListSnapshot).units);

/** What a batch says about units: the latest row of each changed unit, and the ids that left the view. */
export interface UnitChanges {
  upserts: Map<number, UnitListItem>;
  removed: Set<number>;
  projects: Map<number, ProjectCard>;
  /** A `resync` arrived: the lists must be re-read (with the ETag they hold). */
  resync: boolean;
}

/** Folds a batch in arrival order: a unit changed then removed is removed, removed then back is back. */
export const collectChanges = (events: readonly ProjectEvent[]): UnitChanges => {
  const changes: UnitChanges = { upserts: new Map(), removed: new Set(), projects: new Map(), resync: false };
  for (const event of events) {
    if (event.type === 'unit') {
      changes.upserts.set(event.data.unit.id, event.data.unit);
      changes.removed.delete(event.data.unit.id);
    } else if (event.type === 'unit-removed') {
      changes.removed.add(event.data.id);
      changes.upserts.delete(event.data.id);
    } else if (event.type === 'project') {
      changes.projects.set(event.data.project.id, event.data.project);
    } else {
      changes.resync = true;
    }
  }
  return changes;
};

/**
 * A project's list after the changes: changed rows replaced where they stand, removed rows taken
 * out, and (when `insertNew`, i.e. the changes are known to be this project's) units the list did
 * not hold appended; the table sorts. Returns the same snapshot when nothing in it changed, so the
 * screens' memoised work is kept. The ETag stays: the next revalidation sends it, and the server,
 * whose list has moved on, answers with the whole list.
 */
export const applyToUnitList = (snapshot: UnitListSnapshot, changes: UnitChanges, insertNew: boolean): UnitListSnapshot => {
  let changed = false;
  const seen = new Set<number>();
  const units: UnitListItem[] = [];
  for (const unit of snapshot.units) {
    if (changes.removed.has(unit.id)) {
      changed = true;
      continue;
    }
    const next = changes.upserts.get(unit.id);
    seen.add(unit.id);
    if (next && next !== unit) {
      changed = true;
      units.push(next);
    } else units.push(unit);
  }
  if (insertNew) {
    for (const [id, unit] of changes.upserts) {
      if (seen.has(id)) continue;
      changed = true;
      units.push(unit);
    }
  }
  return changed ? { units, etag: snapshot.etag } : snapshot;
};

/** The list fields a `unit` event carries; the detail's other fields (description, images) come from its own GET. */
export const applyToUnitDetail = (detail: UnitDetail, unit: UnitListItem): UnitDetail => ({ ...detail, ...unit });

/** The dashboard's cards with the counts of the projects that changed; an unknown card is left for the next read. */
export const applyToProjectCards = (cards: readonly ProjectCard[], projects: ReadonlyMap<number, ProjectCard>): readonly ProjectCard[] => {
  if (projects.size === 0) return cards;
  let changed = false;
  const next = cards.map((card) => {
    const update = projects.get(card.id);
    if (!update) return card;
    changed = true;
    return update;
  });
  return changed ? next : cards;
};

/**
 * The sold units list: a unit that is no longer sold (or gone) leaves it, a sold one's list fields
 * are updated where it stands. `stale` says the list must be re-read: a unit became sold (its sale
 * details are not in the event), or a listed sold unit changed in a way the event cannot show
 * (sale details, archiving).
 */
export const applyToSoldUnits = (list: readonly SoldUnit[], changes: UnitChanges): { list: readonly SoldUnit[]; stale: boolean } => {
  let changed = false;
  let stale = changes.resync;
  const listed = new Set<number>();
  const next: SoldUnit[] = [];
  for (const row of list) {
    listed.add(row.id);
    const update = changes.upserts.get(row.id);
    if (changes.removed.has(row.id) || (update && update.status !== 'sold')) {
      changed = true;
      continue;
    }
    if (update && update.updatedAt !== row.updatedAt) {
      changed = true;
      stale = true;
      next.push({ ...row, unitNumber: update.unitNumber, name: update.name, price: update.price, updatedAt: update.updatedAt });
    } else next.push(row);
  }
  for (const [id, unit] of changes.upserts) if (unit.status === 'sold' && !listed.has(id)) stale = true;
  return { list: changed ? next : list, stale };
};

/** The ids a batch names, for the 'just changed' highlight. */
export const changedIds = (changes: UnitChanges): number[] => [...changes.upserts.keys()];
