import { formatPrice } from '@repo/types';
import { memo } from 'react';
import type { UnitListItem } from '@/features/units/api/types';
import { STACKING_TEXT } from '@/features/units/utils/stacking-plan-messages';

export interface PlanCellProps {
  unit: UnitListItem;
  row: number;
  column: number;
  visibleTo: readonly string[] | null;
  /** The roving tab stop of its grid. */
  tabbable: boolean;
  /** Admin mode: aria-selected is set (true or false); agents have no selection. */
  selectable: boolean;
  selected: boolean;
  /** Left out by the table's search, filters or price range: shown faded, never removed. */
  dimmed: boolean;
  /** Inside the rectangle being dragged. */
  inDrag: boolean;
}

/**
 * One unit on the plan: number, type and price, coloured by status with a pattern and a letter as
 * well (the legend reads them); its name says what it shows, in that order, then the status. A plain
 * div styled once by the plan (plan-styles.ts): a plan can hold thousands of cells, and they
 * re-render together on every filter. Events are handled by the grid.
 */
export const PlanCell = memo(({ unit, row, column, visibleTo, tabbable, selectable, selected, dimmed, inDrag }: PlanCellProps) => (
  <div
    role="gridcell"
    aria-label={STACKING_TEXT.cellName(unit, visibleTo)}
    aria-selected={selectable ? selected : undefined}
    aria-colindex={column + 2}
    tabIndex={tabbable ? 0 : -1}
    data-cell={`${row}:${column}`}
    data-unit-id={unit.id}
    data-status={unit.status}
    data-mark={STACKING_TEXT.statusMark[unit.status]}
    data-dim={dimmed ? '' : undefined}
    data-drag={inDrag ? '' : undefined}
  >
    {/* The status letter (data-mark) is drawn by the plan's style sheet and the lines are parted by spaces
        (unrendered between flex items): the text shown reads as one run of the name (WCAG 2.5.3). */}
    <strong>{unit.unitNumber}</strong> <span>{unit.unitType ?? ''}</span> <span>{formatPrice(unit.price, visibleTo)}</span>
  </div>
));
PlanCell.displayName = 'PlanCell';
