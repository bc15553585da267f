import { compareNumericLoose, compareUnitNumbers, UNIT_STATUSES, type SortDirection, type UnitStatus } from '@repo/types';
import type { UnitListItem } from '../api/types';

export type SortKey = 'unitNumber' | 'unitType' | 'floor' | 'view' | 'area' | 'price' | 'status';

export interface SortState {
  key: SortKey;
  direction: SortDirection;
}

/** Default order (spec §9): unit number ascending. */
export const DEFAULT_SORT: SortState = { key: 'unitNumber', direction: 'asc' };

export interface UnitFilters {
  search: string;
  unitTypes: string[];
  floors: string[];
  views: string[];
  statuses: UnitStatus[];
  minPrice: string;
  maxPrice: string;
}

export const EMPTY_FILTERS: UnitFilters = { search: '', unitTypes: [], floors: [], views: [], statuses: [], minPrice: '', maxPrice: '' };

/** A unit with its search text worked out once per load, not once per key stroke. */
export interface IndexedUnit {
  unit: UnitListItem;
  text: string;
}

/** The Area (sqft) column: the area, or the size when only that is recorded (spec §3). */
export const unitArea = (unit: Pick<UnitListItem, 'area' | 'size'>) => unit.area ?? unit.size;

/** What 'Search units...' matches (spec §2): unit number, type, floor, view and status. */
export const indexUnits = (units: readonly UnitListItem[]): IndexedUnit[] =>
  units.map((unit) => ({
    unit,
    text: [unit.unitNumber, unit.unitType, unit.floor, unit.view, unit.status].filter(Boolean).join('\u0000').toLowerCase(),
  }));

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'accent' });

// Text columns: blanks last in either direction, like the shared numeric rule.
const compareText = (a: string | null, b: string | null, direction: SortDirection) => {
  const x = a?.trim() ?? '';
  const y = b?.trim() ?? '';
  if (x === '' || y === '') return x === y ? 0 : x === '' ? 1 : -1;
  const result = collator.compare(x, y);
  return direction === 'desc' ? -result : result;
};

const COMPARATORS: Record<SortKey, (a: UnitListItem, b: UnitListItem, direction: SortDirection) => number> = {
  unitNumber: (a, b, direction) => compareUnitNumbers(a.unitNumber, b.unitNumber, direction),
  unitType: (a, b, direction) => compareText(a.unitType, b.unitType, direction),
  floor: (a, b, direction) => compareNumericLoose(a.floor, b.floor, direction),
  view: (a, b, direction) => compareText(a.view, b.view, direction),
  area: (a, b, direction) => compareNumericLoose(unitArea(a), unitArea(b), direction),
  price: (a, b, direction) => compareNumericLoose(a.price, b.price, direction),
  status: (a, b, direction) => compareText(a.status, b.status, direction),
};

/** Sorted by a column; equal values fall back to unit-number order, then id, so the order is total. */
export const sortUnits = <T extends { unit: UnitListItem }>(rows: readonly T[], sort: SortState): T[] => {
  const compare = COMPARATORS[sort.key];
  return [...rows].sort((a, b) => compare(a.unit, b.unit, sort.direction) || compareUnitNumbers(a.unit.unitNumber, b.unit.unitNumber) || a.unit.id - b.unit.id);
};

/** Clicking a header: a new column sorts ascending, the same column flips direction (spec §2). */
export const nextSort = (current: SortState, key: SortKey): SortState =>
  current.key === key ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: 'asc' };

const readPrice = (value: string): number | null => {
  if (value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
};

/** The rows that pass the search, the four multi-select filters and the price range, in their given order. */
export const filterUnits = <T extends IndexedUnit>(rows: readonly T[], filters: UnitFilters): T[] => {
  const query = filters.search.trim().toLowerCase();
  const types = filters.unitTypes.length > 0 ? new Set(filters.unitTypes) : null;
  const floors = filters.floors.length > 0 ? new Set(filters.floors) : null;
  const views = filters.views.length > 0 ? new Set(filters.views) : null;
  const statuses = filters.statuses.length > 0 ? new Set<string>(filters.statuses) : null;
  const min = readPrice(filters.minPrice);
  const max = readPrice(filters.maxPrice);
  return rows.filter(({ unit, text }) => {
    if (query && !text.includes(query)) return false;
    if (types && !types.has(unit.unitType ?? '')) return false;
    if (floors && !floors.has(unit.floor ?? '')) return false;
    if (views && !views.has(unit.view ?? '')) return false;
    if (statuses && !statuses.has(unit.status)) return false;
    // A unit on 'Price on Request' has no price to compare, so a price bound leaves it out.
    if ((min !== null || max !== null) && unit.price === null) return false;
    if (min !== null && (unit.price as number) < min) return false;
    if (max !== null && (unit.price as number) > max) return false;
    return true;
  });
};

export const hasActiveFilters = (filters: UnitFilters) =>
  Object.entries(filters).some(([, value]) => (Array.isArray(value) ? value.length > 0 : value.trim() !== ''));

export interface FilterOptions {
  unitTypes: string[];
  floors: string[];
  views: string[];
  statuses: UnitStatus[];
}

const distinct = (values: Array<string | null>) => [...new Set(values.filter((value): value is string => Boolean(value && value.trim())))];

/** The choices of each multi-select: the values present in the list, in a readable order. */
export const filterOptions = (units: readonly UnitListItem[]): FilterOptions => {
  const present = new Set(units.map((unit) => unit.status));
  return {
    unitTypes: distinct(units.map((unit) => unit.unitType)).sort(collator.compare),
    floors: distinct(units.map((unit) => unit.floor)).sort((a, b) => compareNumericLoose(a, b)),
    views: distinct(units.map((unit) => unit.view)).sort(collator.compare),
    statuses: UNIT_STATUSES.filter((status) => present.has(status)),
  };
};
