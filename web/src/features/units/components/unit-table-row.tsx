import { Badge } from '@chakra-ui/react';
import { formatArea, formatPrice } from '@repo/types';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { UnitListItem } from '../api/types';
import { LIVE_UNITS_TEXT, UNITS_TEXT } from '../utils/messages';
import { unitArea } from '../utils/unit-table';

export interface UnitTableRowProps {
  unit: UnitListItem;
  /** 1-based position among all rows, for screen readers (the DOM holds only a window). */
  rowIndex: number;
  height: number;
  href: string;
  visibleTo: readonly string[] | null;
  selectable: boolean;
  selected: boolean;
  onToggle: (id: number, checked: boolean) => void;
  /** Just changed by someone else: briefly highlighted. */
  flash?: boolean;
  /** Held on screen while the viewer reads the table although it left the list ('gone') or this view ('moved'). */
  held?: 'gone' | 'moved';
}

/**
 * One table row; memoised, since scrolling re-renders the window and most rows are unchanged. Plain
 * tr/td styled once by the table (see units-table.tsx), the status a plain span with StatusBadge's look
 * (useStatusBadgeCss), rather than styled components: rows mount by the dozen on every sort, filter
 * and scroll, and that is the table's hot path.
 */
export const UnitTableRow = memo(({ unit, rowIndex, height, href, visibleTo, selectable, selected, onToggle, flash = false, held }: UnitTableRowProps) => (
  <tr
    aria-rowindex={rowIndex}
    aria-selected={selectable ? selected : undefined}
    aria-disabled={held ? true : undefined}
    style={{ height }}
    data-unit-id={unit.id}
    data-flash={flash ? '' : undefined}
    data-held={held}
    title={held === 'moved' ? LIVE_UNITS_TEXT.moved : undefined}
  >
    {selectable && (
      <td>
        <input
          type="checkbox"
          aria-label={UNITS_TEXT.selectUnit(unit.unitNumber)}
          checked={selected && !held}
          disabled={held !== undefined}
          onChange={(event) => onToggle(unit.id, event.target.checked)}
        />
      </td>
    )}
    <td data-emphasis="">{unit.unitNumber}</td>
    <td>{unit.unitType ?? ''}</td>
    <td>{unit.floor ?? ''}</td>
    <td>{unit.view ?? ''}</td>
    <td data-numeric="">{formatArea(unitArea(unit))?.replace(' sqft', '') ?? ''}</td>
    <td data-numeric="">{formatPrice(unit.price, visibleTo)}</td>
    <td>
      {held === 'gone' ? (
        <Badge variant="outline">{LIVE_UNITS_TEXT.noLongerAvailable}</Badge>
      ) : (
        <span className="unit-status" data-status={unit.status}>
          {unit.status}
        </span>
      )}
    </td>
    <td>
      {held === 'gone' ? null : (
        <Link to={href} className="unit-view-link">
          {UNITS_TEXT.viewUnit}
        </Link>
      )}
    </td>
  </tr>
));
UnitTableRow.displayName = 'UnitTableRow';
