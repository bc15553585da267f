import { Grid, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { InlineError } from '../../../components/feedback/inline-error';
import { useSoldUnits } from '../api/get-sold-units';
import { SOLD_UNITS_TEXT } from '../utils/messages';
import { SoldUnitFilters, type SoldUnitFilterValues } from './sold-unit-filters';
import { SoldUnitList } from './sold-unit-list';
import { SoldUnitPanel } from './sold-unit-panel';

/** Sold Units Management (spec §2): the list of sold units on the left, the selected one's sale details on the right. */
export const SoldUnitsManager = () => {
  const [filters, setFilters] = useState<SoldUnitFilterValues>({ projectId: '', saleStatus: '', archived: false, overdue: false });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const { units, error, isLoading } = useSoldUnits({ archived: filters.archived, overdue: filters.overdue });

  const projects = useMemo(() => {
    const byId = new Map(units.map((unit) => [unit.projectId, unit.projectName ?? `Project ${unit.projectId}`]));
    return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [units]);

  const shown = useMemo(
    () =>
      units.filter((unit) => {
        if (filters.projectId && String(unit.projectId) !== filters.projectId) return false;
        if (!filters.saleStatus) return true;
        const { registrationStatus, handoverStatus, paymentStatus } = unit.saleDetails;
        return [registrationStatus, handoverStatus, paymentStatus].includes(filters.saleStatus as never);
      }),
    [units, filters.projectId, filters.saleStatus],
  );
  const selected = shown.find((unit) => unit.id === selectedId) ?? null;

  return (
    <Stack gap="5">
      <Heading as="h2" size="lg">
        {SOLD_UNITS_TEXT.heading}
      </Heading>
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(280px, 2fr) 3fr' }} gap="6" alignItems="start">
        <Stack gap="4">
          <SoldUnitFilters values={filters} projects={projects} onChange={setFilters} />
          {error ? (
            <InlineError message={SOLD_UNITS_TEXT.loadFailed} />
          ) : isLoading ? (
            <Spinner aria-label="Loading sold units" />
          ) : shown.length === 0 ? (
            <Text color="fg.muted">{filters.archived ? SOLD_UNITS_TEXT.emptyArchived : SOLD_UNITS_TEXT.empty}</Text>
          ) : (
            <SoldUnitList units={shown} selectedId={selected?.id ?? null} onSelect={setSelectedId} />
          )}
        </Stack>
        <SoldUnitPanel unit={selected} />
      </Grid>
    </Stack>
  );
};
