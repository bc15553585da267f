import { Stack, Text } from '@chakra-ui/react';
import { Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { InlineError } from '@/components/feedback/inline-error';
import { paths } from '@/config/paths';
import { loadFailureMessage } from '@/lib/api/api-error';
import { lazyNamed } from '@/lib/lazy';
import { useIsPhone } from '@/lib/use-is-phone';
import type { UnitListItem } from '../api/types';
import { useUnitSelection } from '../hooks/use-unit-selection';
import { useUnitsView } from '../hooks/use-units-view';
import type { UnitTableState } from '../hooks/use-unit-table';
import { UNITS_TEXT } from '../utils/messages';
import { SelectionBar } from './selection-bar';
import { StackingPlan } from './stacking-plan/stacking-plan';
import { UnitsViewSwitch } from './stacking-plan/units-view-switch';
import { UnitCardList } from './unit-card-list';
import { UnitFilterSheet } from './unit-filter-sheet';
import { UnitFilters } from './unit-filters';
import { UnitsHeader } from './units-header';
import { UnitsTable } from './units-table';

// 'Add New Unit' is an admin's: its form (react-hook-form, the checks) stays out of an agent's download.
const UnitFormDialog = lazyNamed(() => import('./unit-form-dialog'), 'UnitFormDialog');

export interface UnitsSectionProps {
  mode: 'admin' | 'agent';
  project: { id: number; name: string; visibleTo: readonly string[] | null };
  units: readonly UnitListItem[];
  isLoading: boolean;
  error: unknown;
  table: UnitTableState;
  /** Admin tools of other features beside 'Add New Unit' (composed by the route). */
  headerTools?: ReactNode;
  /** Admin actions of other features on the selected units (composed by the route). */
  selectionActions?: (selected: readonly number[]) => ReactNode;
  /** Whose 'Table' / 'Stacking Plan' choice this device remembers (the signed-in user's id). */
  viewerKey?: string;
}

/** 'Units (n)' on the project page (spec §2): the tools, the filters, the selection bar and the table. */
export const UnitsSection = ({ mode, project, units, isLoading, error, table, headerTools, selectionActions, viewerKey = 'anonymous' }: UnitsSectionProps) => {
  const isAdmin = mode === 'admin';
  const ids = useMemo(() => units.map((unit) => unit.id), [units]);
  const selection = useUnitSelection(ids);
  const [adding, setAdding] = useState(false);
  const handleAdd = useCallback(() => setAdding(true), []);
  const handleCloseAdd = useCallback(() => setAdding(false), []);
  const hrefOf = useCallback((unit: UnitListItem) => (isAdmin ? paths.adminUnit(unit.id) : paths.agentUnit(unit.id)), [isAdmin]);
  const scrollResetKey = JSON.stringify([table.sort, table.filters]);
  const { view, setView } = useUnitsView(viewerKey);
  const navigate = useNavigate();
  const handleOpen = useCallback((unit: UnitListItem) => navigate(hrefOf(unit)), [navigate, hrefOf]);
  const { isSelected, toggle, toggleAll, clear } = selection;
  // The plan's selection is the table's: clicks replace it, Shift and drags add to it.
  const planSelection = useMemo(
    () => ({
      isSelected,
      toggle,
      pick: (picked: readonly number[], how: 'add' | 'replace') => {
        if (how === 'replace') clear();
        toggleAll(picked, true);
      },
    }),
    [isSelected, toggle, toggleAll, clear],
  );

  // On a phone the rows are cards and the filters open in a sheet; the same state drives both.
  const isPhone = useIsPhone();

  return (
    <Stack as="section" gap="4" aria-labelledby="units-heading">
      <UnitsHeader
        count={units.length}
        shown={table.rows.length}
        narrowed={table.isNarrowed}
        projectId={project.id}
        onAdd={isAdmin ? handleAdd : undefined}
        tools={isAdmin ? headerTools : undefined}
      />
      <UnitsViewSwitch view={view} onChange={setView} />
      {isPhone ? <UnitFilterSheet table={table} /> : <UnitFilters table={table} />}
      {isAdmin && selection.selected.length > 0 && (
        <SelectionBar projectId={project.id} selected={selection.selected} onClear={selection.clear} actions={selectionActions?.(selection.selected)} />
      )}
      {isLoading ? (
        <Text color="fg.muted" role="status">
          {UNITS_TEXT.loading}
        </Text>
      ) : error ? (
        <InlineError message={loadFailureMessage(error, UNITS_TEXT.loadFailed)} />
      ) : view === 'stack' ? (
        <StackingPlan
          projectName={project.name}
          units={units}
          rows={table.rows}
          narrowed={table.isNarrowed}
          visibleTo={project.visibleTo}
          selection={isAdmin ? planSelection : undefined}
          onOpen={handleOpen}
        />
      ) : isPhone ? (
        <UnitCardList
          rows={table.rows}
          hrefOf={hrefOf}
          visibleTo={project.visibleTo}
          scrollResetKey={scrollResetKey}
          selection={isAdmin ? { isSelected: selection.isSelected, onToggle: selection.toggle, onToggleAll: selection.toggleAll } : undefined}
        />
      ) : (
        <UnitsTable
          rows={table.rows}
          units={units}
          sort={table.sort}
          onSort={table.toggleSort}
          hrefOf={hrefOf}
          visibleTo={project.visibleTo}
          scrollResetKey={scrollResetKey}
          selection={isAdmin ? { isSelected: selection.isSelected, onToggle: selection.toggle, onToggleAll: selection.toggleAll } : undefined}
        />
      )}
      {isAdmin && (
        <Suspense fallback={null}>
          <UnitFormDialog open={adding} projectId={project.id} onClose={handleCloseAdd} />
        </Suspense>
      )}
    </Stack>
  );
};
