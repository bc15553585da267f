import { pluralize } from '@repo/types';

/** The strings of the units list at a phone's size (cards, sort and the filters' sheet). */
export const UNIT_CARDS_TEXT = {
  listLabel: 'Units',
  unitPrefix: 'Unit ',
  floor: (floor: string) => `Floor ${floor}`,
  sortBy: 'Sort by',
  ascending: 'Ascending: switch to descending',
  descending: 'Descending: switch to ascending',
  filters: 'Filters',
  filtersActive: (count: number) => `Filters (${count} active)`,
  filtersTitle: 'Filter units',
  showUnits: (count: number) => `Show ${pluralize(count, 'unit')}`,
  close: 'Close filters',
} as const;
