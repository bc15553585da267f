import {
  Badge,
  Button,
  Checkbox,
  CloseButton,
  Drawer,
  Field,
  Fieldset,
  Flex,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { UnitStatus } from '@repo/types';
import { useState } from 'react';
import type { UnitTableState } from '../hooks/use-unit-table';
import { UNIT_CARDS_TEXT } from '../utils/card-messages';
import { UNITS_TEXT } from '../utils/messages';
import { hasActiveFilters, type SortKey } from '../utils/unit-table';

export interface UnitFilterSheetProps {
  table: UnitTableState;
}

const SORTABLE: SortKey[] = ['unitNumber', 'unitType', 'floor', 'view', 'area', 'price', 'status'];

interface OptionGroupProps<T extends string> {
  legend: string;
  options: readonly T[];
  selected: readonly T[];
  onChange: (selected: T[]) => void;
  optionLabel?: (option: T) => string;
}

/** One multi-select filter laid out flat in the sheet: a checkbox per value, each a finger's size. */
const OptionGroup = <T extends string>({ legend, options, selected, onChange, optionLabel = String }: OptionGroupProps<T>) => (
  <Fieldset.Root>
    <Fieldset.Legend fontWeight="semibold">{legend}</Fieldset.Legend>
    <Fieldset.Content mt="1">
      {options.length === 0 ? (
        <Text color="fg.muted">{UNITS_TEXT.noOptions}</Text>
      ) : (
        <Flex wrap="wrap" columnGap="4">
          {options.map((option) => (
            <Checkbox.Root
              key={option}
              colorPalette="brand"
              checked={selected.includes(option)}
              onCheckedChange={(details) => onChange(options.filter((entry) => (entry === option ? details.checked === true : selected.includes(entry))))}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{optionLabel(option)}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Flex>
      )}
    </Fieldset.Content>
  </Fieldset.Root>
);

const statusLabel = (status: UnitStatus) => UNITS_TEXT.statusLabels[status];

/**
 * The units list's search, sort and filters at a phone's size (issue #26): the search box and the
 * sort stay in view; the four multi-selects and the price range open in a sheet from the bottom.
 * The same table state as the desktop filters, so the same rows come out.
 */
export const UnitFilterSheet = ({ table }: UnitFilterSheetProps) => {
  const { filters, setFilter, resetFilters, options, sort, toggleSort } = table;
  const [open, setOpen] = useState(false);
  const active =
    filters.unitTypes.length +
    filters.floors.length +
    filters.views.length +
    filters.statuses.length +
    (filters.minPrice.trim() ? 1 : 0) +
    (filters.maxPrice.trim() ? 1 : 0);

  return (
    <Stack role="search" aria-label={UNITS_TEXT.filtersLabel} gap="2">
      <Field.Root>
        <Field.Label srOnly>{UNITS_TEXT.searchLabel}</Field.Label>
        <Input type="search" placeholder={UNITS_TEXT.search} value={filters.search} onChange={(event) => setFilter('search', event.target.value)} />
      </Field.Root>
      <HStack gap="2">
        <NativeSelect.Root flex="1" minW="0">
          <NativeSelect.Field
            aria-label={UNIT_CARDS_TEXT.sortBy}
            value={sort.key}
            onChange={(event) => {
              const key = event.target.value as SortKey;
              if (key !== sort.key) toggleSort(key);
            }}
          >
            {SORTABLE.map((key) => (
              <option key={key} value={key}>
                {`${UNIT_CARDS_TEXT.sortBy}: ${UNITS_TEXT.columns[key]}`}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <IconButton
          variant="outline"
          aria-label={sort.direction === 'asc' ? UNIT_CARDS_TEXT.ascending : UNIT_CARDS_TEXT.descending}
          onClick={() => toggleSort(sort.key)}
        >
          <span aria-hidden="true">{sort.direction === 'asc' ? '▲' : '▼'}</span>
        </IconButton>
        <Button variant="outline" onClick={() => setOpen(true)} aria-label={active > 0 ? UNIT_CARDS_TEXT.filtersActive(active) : UNIT_CARDS_TEXT.filters}>
          {UNIT_CARDS_TEXT.filters}
          {active > 0 && (
            <Badge colorPalette="brand" variant="solid" size="sm">
              {active}
            </Badge>
          )}
        </Button>
      </HStack>
      <Drawer.Root lazyMount unmountOnExit open={open} onOpenChange={(details) => setOpen(details.open)} placement="bottom">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content roundedTop="lg" maxH="85dvh">
              <Drawer.Header>
                <Drawer.Title>{UNIT_CARDS_TEXT.filtersTitle}</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>
                <Stack gap="5">
                  <OptionGroup
                    legend={UNITS_TEXT.filters.unitType}
                    options={options.unitTypes}
                    selected={filters.unitTypes}
                    onChange={(value) => setFilter('unitTypes', value)}
                  />
                  <OptionGroup
                    legend={UNITS_TEXT.filters.floor}
                    options={options.floors}
                    selected={filters.floors}
                    onChange={(value) => setFilter('floors', value)}
                  />
                  <OptionGroup
                    legend={UNITS_TEXT.filters.view}
                    options={options.views}
                    selected={filters.views}
                    onChange={(value) => setFilter('views', value)}
                  />
                  <OptionGroup<UnitStatus>
                    legend={UNITS_TEXT.filters.status}
                    options={options.statuses}
                    selected={filters.statuses}
                    onChange={(value) => setFilter('statuses', value)}
                    optionLabel={statusLabel}
                  />
                  <HStack gap="3" align="flex-end">
                    <Field.Root>
                      <Field.Label>{UNITS_TEXT.minPrice}</Field.Label>
                      <Input
                        type="number"
                        min={0}
                        inputMode="numeric"
                        value={filters.minPrice}
                        onChange={(event) => setFilter('minPrice', event.target.value)}
                      />
                    </Field.Root>
                    <Field.Root>
                      <Field.Label>{UNITS_TEXT.maxPrice}</Field.Label>
                      <Input
                        type="number"
                        min={0}
                        inputMode="numeric"
                        value={filters.maxPrice}
                        onChange={(event) => setFilter('maxPrice', event.target.value)}
                      />
                    </Field.Root>
                  </HStack>
                </Stack>
              </Drawer.Body>
              <Drawer.Footer justifyContent="space-between">
                <Button variant="ghost" onClick={resetFilters} disabled={!hasActiveFilters(filters)}>
                  {UNITS_TEXT.resetFilters}
                </Button>
                <Button colorPalette="brand" onClick={() => setOpen(false)}>
                  {UNIT_CARDS_TEXT.showUnits(table.rows.length)}
                </Button>
              </Drawer.Footer>
              <Drawer.CloseTrigger asChild>
                <CloseButton aria-label={UNIT_CARDS_TEXT.close} />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </Stack>
  );
};
