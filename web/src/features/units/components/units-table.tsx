import { Box, Button, HStack, Table, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { UnitListItem } from '../api/types';
import { useSteadyRows } from '../hooks/use-steady-rows';
import { useVirtualRows } from '@/hooks/use-virtual-rows';
import { LIVE_UNITS_TEXT, UNITS_TEXT } from '../utils/messages';
import type { SortKey, SortState } from '../utils/unit-table';
import { SortHeader } from './sort-header';
import { useStatusBadgeCss } from './status-badge';
import { UnitTableRow } from './unit-table-row';

export interface UnitsTableProps {
  rows: readonly UnitListItem[];
  /** The whole list, unfiltered: tells a unit that left the list from one a filter hides, and what changed. */
  units?: readonly UnitListItem[];
  sort: SortState;
  onSort: (key: SortKey) => void;
  hrefOf: (unit: UnitListItem) => string;
  visibleTo: readonly string[] | null;
  /** Changes with the sort and the filters: a new order or a new filter starts from the top. */
  scrollResetKey: string;
  /** Admin mode: the select column and the header's select-all box. */
  selection?: {
    isSelected: (id: number) => boolean;
    onToggle: (id: number, checked: boolean) => void;
    onToggleAll: (ids: readonly number[], checked: boolean) => void;
  };
}

const ROW_HEIGHT = 44;
const VIEWPORT = 600;
const SORTABLE: SortKey[] = ['unitNumber', 'unitType', 'floor', 'view', 'area', 'price', 'status'];

// The body rows' styles (the table recipe's cell look), set once for the table rather than per cell.
const TABLE_CSS = {
  '& tbody td': {
    paddingInline: '2',
    paddingBlock: '2',
    borderBottomWidth: '1px',
    borderColor: 'border',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  '& tbody tr[aria-rowindex]:hover': { bg: 'bg.muted' },
  '& tbody td[data-numeric]': { textAlign: 'end' },
  '& tbody td[data-emphasis]': { fontWeight: 'medium' },
  // A row someone else just changed: highlighted, then fading out (at once where motion is reduced).
  '& tbody tr[aria-rowindex]': { transition: 'background-color 1.2s ease-out', _motionReduce: { transition: 'none' } },
  '& tbody tr[aria-rowindex][data-flash]': { bg: 'yellow.subtle', transition: 'none' },
  '& tbody tr[data-held]': { color: 'fg.subtle' },
  '& tbody tr[data-held=gone] td[data-emphasis]': { textDecoration: 'line-through' },
  '& .unit-view-link': { color: 'brand.fg', fontWeight: 'medium', textDecoration: 'underline', textUnderlineOffset: '3px' },
} as const;

/**
 * The project's units table (spec §2). Rows are virtualised: whatever the list's length, the DOM
 * holds only the rows in view, so sorting, filtering and scrolling 5,000 units stay quick.
 */
export const UnitsTable = ({ rows: listed, units, sort, onSort, hrefOf, visibleTo, scrollResetKey, selection }: UnitsTableProps) => {
  const statusCss = useStatusBadgeCss('unit-status');
  const tableCss = useMemo(() => ({ ...TABLE_CSS, ...statusCss }), [statusCss]);
  const steady = useSteadyRows(listed, units ?? listed);
  const rows = steady.rows;
  // Back to the top on a new sort or filter, not on every new list: a refresh after a status change
  // keeps the admin where they were.
  const { scrollRef, start, end, paddingTop, paddingBottom } = useVirtualRows({
    count: rows.length,
    rowHeight: ROW_HEIGHT,
    viewportHeight: VIEWPORT,
    resetKey: scrollResetKey,
  });

  const columns = SORTABLE.length + 1 + (selection ? 1 : 0);
  const allSelected = selection !== undefined && listed.length > 0 && listed.every((unit) => selection.isSelected(unit.id));
  const someSelected = selection !== undefined && !allSelected && listed.some((unit) => selection.isSelected(unit.id));

  if (rows.length === 0) {
    return (
      <Text color="fg.muted" py="8" textAlign="center" role="status">
        {UNITS_TEXT.empty}
      </Text>
    );
  }

  return (
    <Box ref={scrollRef} maxH={`${VIEWPORT}px`} overflowY="auto" borderWidth="1px" rounded="md" data-testid="units-scroll" {...steady.holdHandlers}>
      <Table.Root size="sm" stickyHeader interactive aria-rowcount={rows.length + 1} tableLayout="fixed" minW="900px" css={tableCss}>
        <Table.Header>
          <Table.Row aria-rowindex={1}>
            {selection && (
              <Table.ColumnHeader w="44px">
                <input
                  type="checkbox"
                  aria-label={UNITS_TEXT.selectAll}
                  checked={allSelected}
                  ref={(element) => {
                    if (element) element.indeterminate = someSelected;
                  }}
                  onChange={(event) =>
                    selection.onToggleAll(
                      listed.map((unit) => unit.id),
                      event.target.checked,
                    )
                  }
                />
              </Table.ColumnHeader>
            )}
            {SORTABLE.map((key) => (
              <SortHeader key={key} column={key} label={UNITS_TEXT.columns[key]} sort={sort} onSort={onSort} numeric={key === 'area' || key === 'price'} />
            ))}
            <Table.ColumnHeader w="90px">{UNITS_TEXT.columns.actions}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {paddingTop > 0 && (
            <tr aria-hidden="true" style={{ height: paddingTop }}>
              <td colSpan={columns} />
            </tr>
          )}
          {rows.slice(start, end).map(({ unit, state }, offset) => (
            <UnitTableRow
              key={unit.id}
              unit={unit}
              flash={steady.flashing.has(unit.id)}
              held={state === 'current' ? undefined : state}
              rowIndex={start + offset + 2}
              height={ROW_HEIGHT}
              href={hrefOf(unit)}
              visibleTo={visibleTo}
              selectable={selection !== undefined}
              selected={selection?.isSelected(unit.id) ?? false}
              onToggle={selection?.onToggle ?? noop}
            />
          ))}
          {paddingBottom > 0 && (
            <tr aria-hidden="true" style={{ height: paddingBottom }}>
              <td colSpan={columns} />
            </tr>
          )}
        </Table.Body>
      </Table.Root>
      {(steady.gone > 0 || steady.pending > 0) && (
        <HStack
          gap="3"
          role="status"
          fontSize="sm"
          color="fg.muted"
          data-testid="units-held-note"
          position="sticky"
          bottom="0"
          insetX="0"
          px="3"
          py="2"
          bg="bg.panel"
          borderTopWidth="1px"
          zIndex="1"
        >
          <Text>
            {[steady.gone > 0 ? LIVE_UNITS_TEXT.goneCount(steady.gone) : null, steady.pending > 0 ? LIVE_UNITS_TEXT.newCount(steady.pending) : null]
              .filter(Boolean)
              .join(' · ')}
            {'. '}
            {LIVE_UNITS_TEXT.heldNote}
          </Text>
          <Button size="xs" variant="outline" onClick={steady.release}>
            {LIVE_UNITS_TEXT.showNow}
          </Button>
        </HStack>
      )}
    </Box>
  );
};

const noop = () => undefined;
