import { Button, Field, Flex, Input } from '@chakra-ui/react';
import type { UnitStatus } from '@repo/types';
import { useMemo } from 'react';
import type { UnitTableState } from '../hooks/use-unit-table';
import { UNITS_TEXT } from '../utils/messages';
import { hasActiveFilters } from '../utils/unit-table';
import { MultiSelectFilter } from './multi-select-filter';

export interface UnitFiltersProps {
  table: UnitTableState;
}

/** 'Search units...', the four multi-select filters, Min/Max Price and 'Reset Filters' (spec §2). */
const statusLabel = (status: UnitStatus) => UNITS_TEXT.statusLabels[status];

export const UnitFilters = ({ table }: UnitFiltersProps) => {
  const { filters, setFilter, resetFilters, options } = table;
  // Stable handlers, so the memoised multi-selects re-render only when their own values change.
  const handlers = useMemo(
    () => ({
      unitTypes: (value: string[]) => setFilter('unitTypes', value),
      floors: (value: string[]) => setFilter('floors', value),
      views: (value: string[]) => setFilter('views', value),
      statuses: (value: UnitStatus[]) => setFilter('statuses', value),
    }),
    [setFilter],
  );
  return (
    <Flex role="search" aria-label={UNITS_TEXT.filtersLabel} gap="3" wrap="wrap" align="flex-end">
      <Field.Root maxW={{ base: 'full', md: '260px' }}>
        <Field.Label srOnly>{UNITS_TEXT.searchLabel}</Field.Label>
        <Input type="search" size="sm" placeholder={UNITS_TEXT.search} value={filters.search} onChange={(event) => setFilter('search', event.target.value)} />
      </Field.Root>
      <MultiSelectFilter label={UNITS_TEXT.filters.unitType} options={options.unitTypes} selected={filters.unitTypes} onChange={handlers.unitTypes} />
      <MultiSelectFilter label={UNITS_TEXT.filters.floor} options={options.floors} selected={filters.floors} onChange={handlers.floors} />
      <MultiSelectFilter label={UNITS_TEXT.filters.view} options={options.views} selected={filters.views} onChange={handlers.views} />
      <MultiSelectFilter<UnitStatus>
        label={UNITS_TEXT.filters.status}
        options={options.statuses}
        selected={filters.statuses}
        onChange={handlers.statuses}
        optionLabel={statusLabel}
      />
      <Field.Root w="130px">
        <Field.Label fontSize="xs">{UNITS_TEXT.minPrice}</Field.Label>
        <Input size="sm" type="number" min={0} inputMode="numeric" value={filters.minPrice} onChange={(event) => setFilter('minPrice', event.target.value)} />
      </Field.Root>
      <Field.Root w="130px">
        <Field.Label fontSize="xs">{UNITS_TEXT.maxPrice}</Field.Label>
        <Input size="sm" type="number" min={0} inputMode="numeric" value={filters.maxPrice} onChange={(event) => setFilter('maxPrice', event.target.value)} />
      </Field.Root>
      <Button size="sm" variant="ghost" onClick={resetFilters} disabled={!hasActiveFilters(filters)}>
        {UNITS_TEXT.resetFilters}
      </Button>
    </Flex>
  );
};
