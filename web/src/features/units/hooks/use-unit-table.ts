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
  type SortKey,
  type UnitFilters,
} from '../utils/unit-table';

/**
 * The project table's state: sort, search and filters over the whole list in memory. The list is
 * indexed once per load and sorted once per sort change; typing only filters the sorted rows, and
 * the search box's value is deferred so keystrokes stay responsive on 5,000 rows.
 */
export const useUnitTable = (units: readonly UnitListItem[]) => {
  const [sort, setSort] = useState(DEFAULT_SORT);
  const [filters, setFilters] = useState<UnitFilters>(EMPTY_FILTERS);
  const search = useDeferredValue(filters.search);

  const indexed = useMemo(() => indexUnits(units), [units]);
  const options = useMemo(() => filterOptions(units), [units]);
  const sorted = useMemo(() => sortUnits(indexed, sort), [indexed, sort]);
  const rows = useMemo(
    () => filterUnits(sorted, { ...filters, search }).map((row) => row.unit),
    // The raw search text is left out on purpose: the deferred copy drives the filtering.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sorted, search, filters.unitTypes, filters.floors, filters.views, filters.statuses, filters.minPrice, filters.maxPrice],
  );

  const toggleSort = useCallback((key: SortKey) => setSort((current) => nextSort(current, key)), []);
  const setFilter = useCallback(<K extends keyof UnitFilters>(key: K, value: UnitFilters[K]) => setFilters((current) => ({ ...current, [key]: value })), []);
  const resetFilters = useCallback(() => setFilters(EMPTY_FILTERS), []);

  return { rows, sort, toggleSort, filters, setFilter, resetFilters, options, isStale: search !== filters.search };
};

export type UnitTableState = ReturnType<typeof useUnitTable>;
