import { Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { useCallback, useMemo, useState } from 'react';
import { InlineError } from '@/components/feedback/inline-error';
import { useSoldUnits, type SoldUnit } from '../api/get-sold-units';
import { SOLD_UNITS_TEXT } from '../utils/messages';
import { orderSoldUnits, type SoldUnitProject } from '../utils/order-sold-units';
import { SoldUnitFilters, type SoldUnitFilterValues } from './sold-unit-filters';
import { SoldUnitList } from './sold-unit-list';
import { SoldUnitPanel } from './sold-unit-panel';

export interface SoldUnitsManagerProps {
  /**
   * The projects (from the route, so this feature does not import the projects feature): their
   * regions decide each price's currency, as on the unit's own page.
   */
  projects: readonly SoldUnitProject[];
  /** The projects are still loading: the currencies are not known yet. */
  projectsLoading?: boolean;
  /** The projects could not be read: without their regions no price can be shown in the right currency. */
  projectsError?: unknown;
}

/** Sold Units Management (spec §2): the list of sold units on the left, the selected one's sale details on the right. */
export const SoldUnitsManager = ({ projects: knownProjects, projectsLoading = false, projectsError }: SoldUnitsManagerProps) => {
  const [filters, setFilters] = useState<SoldUnitFilterValues>({ projectId: '', saleStatus: '', archived: false, overdue: false });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const { units: loaded, error: unitsError, isLoading: unitsLoading } = useSoldUnits({ archived: filters.archived, overdue: filters.overdue });
  const isLoading = unitsLoading || projectsLoading;
  const error = unitsError ?? projectsError;

  const projectsById = useMemo(() => new Map(knownProjects.map((project) => [project.id, project])), [knownProjects]);
  const units = useMemo(
    () => orderSoldUnits(loaded, (unit) => unit.projectName ?? projectsById.get(unit.projectId)?.name ?? `Project ${unit.projectId}`),
    [loaded, projectsById],
  );
  const visibleToOf = useCallback((unit: SoldUnit) => projectsById.get(unit.projectId)?.visibleTo ?? null, [projectsById]);

  const projects = useMemo(() => {
    const byId = new Map(units.map((unit) => [unit.projectId, unit.projectName ?? `Project ${unit.projectId}`]));
    return [...byId].map(([id, name]) => ({ id, name }));
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
            <Text color="fg.muted" role="status">
              {SOLD_UNITS_TEXT.loading}
            </Text>
          ) : shown.length === 0 ? (
            <Text color="fg.muted">{filters.archived ? SOLD_UNITS_TEXT.emptyArchived : SOLD_UNITS_TEXT.empty}</Text>
          ) : (
            <SoldUnitList
              units={shown}
              selectedId={selected?.id ?? null}
              onSelect={setSelectedId}
              visibleToOf={visibleToOf}
              scrollResetKey={`${filters.projectId}|${filters.saleStatus}|${filters.archived}|${filters.overdue}`}
            />
          )}
        </Stack>
        {/* While the list loads (or failed) there is nothing to choose from: 'No Unit Selected' would
            tell the admin to pick from a list that is not there. */}
        {!isLoading && !error && <SoldUnitPanel unit={selected} visibleTo={selected ? visibleToOf(selected) : null} />}
      </Grid>
    </Stack>
  );
};
