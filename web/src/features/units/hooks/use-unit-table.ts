import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import type { UnitListItem } from '../api/types';
import {
  DEFAULT_SORT,
  EMPTY_FILTERS,
  filterOptions,
  filterUnits,
  indexUnits,
  nextSort,
  sortUnits,
  type FilterOptions,
  type IndexedUnit,
  type SortKey,
  type SortState,
  type UnitFilters,
} from '../utils/unit-table';

interface DerivedList {
  indexed: IndexedUnit[];
  options: FilterOptions;
  /** The sorted rows of each order asked for, by 'key:direction'. */
  sorted: Map<string, IndexedUnit[]>;
}

/**
 * What the table works out from a list, kept per list object for as long as the list itself is held
 * (SWR's cache; a 304 keeps the same object). Going back to a project mounts the table afresh, and
 * on 5,000 units indexing and sorting again was a good part of the time from click to rows shown.
 */
const derivedLists = new WeakMap<readonly UnitListItem[], DerivedList>();

const derivedOf = (units: readonly UnitListItem[]): DerivedList => {
  let derived = derivedLists.get(units);
  if (!derived) {
    derived = { indexed: indexUnits(units), options: filterOptions(units), sorted: new Map() };
    derivedLists.set(units, derived);
  }
  return derived;
};

const sortedOf = (derived: DerivedList, sort: SortState): IndexedUnit[] => {
  const key = `${sort.key}:${sort.direction}`;
  let rows = derived.sorted.get(key);
  if (!rows) {
    rows = sortUnits(derived.indexed, sort);
    derived.sorted.set(key, rows);
  }
  return rows;
};

/**
 * The project table's state: sort, search and filters over the whole list in memory. The list is
 * indexed once per load and sorted once per order (both kept with the list, see derivedLists);
 * typing only filters the sorted rows, and the search box's value is deferred so keystrokes stay
 * responsive on 5,000 rows.
 */
export const useUnitTable = (units: readonly UnitListItem[]) => {
  const [sort, setSort] = useState(DEFAULT_SORT);
  const [filters, setFilters] = useState<UnitFilters>(EMPTY_FILTERS);
  const search = useDeferredValue(filters.search);

  const derived = useMemo(() => derivedOf(units), [units]);
  const sorted = useMemo(() => sortedOf(derived, sort), [derived, sort]);
  const rows = useMemo(
    () => filterUnits(sorted, { ...filters, search }).map((row) => row.unit),
    // The raw search text is left out on purpose: the deferred copy drives the filtering.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sorted, search, filters.unitTypes, filters.floors, filters.views, filters.statuses, filters.minPrice, filters.maxPrice],
  );

  const toggleSort = useCallback((key: SortKey) => setSort((current) => nextSort(current, key)), []);
  const setFilter = useCallback(<K extends keyof UnitFilters>(key: K, value: UnitFilters[K]) => setFilters((current) => ({ ...current, [key]: value })), []);
  const resetFilters = useCallback(() => setFilters(EMPTY_FILTERS), []);

  // Whether search or a filter narrows the list, read from the same (deferred) values the rows come from,
  // so that 'Units (12 of 80)' and the rows shown always agree.
  const isNarrowed =
    search.trim() !== '' ||
    filters.unitTypes.length + filters.floors.length + filters.views.length + filters.statuses.length > 0 ||
    filters.minPrice.trim() !== '' ||
    filters.maxPrice.trim() !== '';

  return { rows, sort, toggleSort, filters, setFilter, resetFilters, options: derived.options, isStale: search !== filters.search, isNarrowed };
};

export type UnitTableState = ReturnType<typeof useUnitTable>;
