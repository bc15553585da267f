import type { UnitListItem } from '../api/types';

/**
 * A row as the table shows it while the viewer is reading (pointer or focus on the table): a live
 * change never moves or removes a row from under them. 'gone' rows left the list (deleted, or no
 * longer visible to this viewer); 'moved' rows changed so that the sort or filters no longer place
 * them here. Both stay, greyed, until the viewer leaves the table.
 */
export interface SteadyRow {
  unit: UnitListItem;
  state: 'current' | 'gone' | 'moved';
}

export interface SteadyView {
  rows: SteadyRow[];
  /** Units the list gained meanwhile, shown when the viewer leaves the table (or asks). */
  pending: number;
}

/**
 * The rows to show while holding: the held order, each row at its latest version where it still is
 * in the list, its last known version where it is not.
 */
export const steadyRows = (
  held: readonly number[],
  rows: readonly UnitListItem[],
  listed: ReadonlyMap<number, UnitListItem>,
  lastKnown: ReadonlyMap<number, UnitListItem>,
): SteadyView => {
  const shown = new Map(rows.map((unit) => [unit.id, unit]));
  const heldSet = new Set(held);
  const result: SteadyRow[] = [];
  for (const id of held) {
    const current = shown.get(id);
    if (current) result.push({ unit: current, state: 'current' });
    else {
      const inList = listed.get(id);
      const known = inList ?? lastKnown.get(id);
      if (known) result.push({ unit: known, state: inList ? 'moved' : 'gone' });
    }
  }
  let pending = 0;
  for (const unit of rows) if (!heldSet.has(unit.id)) pending += 1;
  return { rows: result, pending };
};

/** The ids whose row changed between two versions of the list (or that are new in it). */
export const changedRowIds = (before: ReadonlyMap<number, string>, after: readonly UnitListItem[]): number[] =>
  after.filter((unit) => before.get(unit.id) !== unit.updatedAt).map((unit) => unit.id);
