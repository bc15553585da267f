import { formatPrice } from '@repo/types';
import { memo } from 'react';
import type { UnitListItem } from '../../api/types';
import { STACKING_TEXT } from '../../utils/stacking-plan-messages';

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
 * well (the legend reads them). A plain div styled once by the plan (plan-styles.ts): a plan can hold
 * thousands of cells, and they re-render together on every filter. Events are handled by the grid.
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
    data-dim={dimmed ? '' : undefined}
    data-drag={inDrag ? '' : undefined}
  >
    <span className="plan-mark" aria-hidden="true">
      {STACKING_TEXT.statusMark[unit.status]}
    </span>
    <strong>{unit.unitNumber}</strong>
    <span>{unit.unitType ?? ''}</span>
    <span>{formatPrice(unit.price, visibleTo)}</span>
  </div>
));
PlanCell.displayName = 'PlanCell';
