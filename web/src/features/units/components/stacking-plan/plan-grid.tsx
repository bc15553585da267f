import { Box, Heading } from '@chakra-ui/react';
import type { PlanSection } from '@repo/types';
import { useEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import type { UnitListItem } from '@/features/units/api/types';
import { usePlanDrag } from '@/features/units/hooks/use-plan-drag';
import { PLAN_WINDOW_THRESHOLD, usePlanWindow } from '@/features/units/hooks/use-plan-window';
import { cellMatrix, cellsInRectangle, moveInPlan, type PlanKey } from '@/features/units/utils/plan-navigation';
import { STACKING_TEXT } from '@/features/units/utils/stacking-plan-messages';
import { PlanCell } from './plan-cell';

/** The admin's selection, shared with the table (useUnitSelection). */
export interface PlanSelection {
  isSelected: (id: number) => boolean;
  toggle: (id: number, checked: boolean) => void;
  /** Adds ids (Shift-click, Ctrl-drag), or replaces the selection with them (click, drag). */
  pick: (ids: readonly number[], mode: 'add' | 'replace') => void;
}

export interface PlanGridProps {
  section: PlanSection<UnitListItem>;
  title: string;
  visibleTo: readonly string[] | null;
  /** The ids the table's search and filters leave; null when nothing narrows the list. */
  matching: ReadonlySet<number> | null;
  selection?: PlanSelection;
  onOpen: (unit: UnitListItem) => void;
  /** The cell under the pointer or the focus, for the unit card (null: none). */
  onInspect: (unit: UnitListItem | null, element: HTMLElement | null) => void;
  /** Render every cell, even of a large building (printing). */
  whole?: boolean;
}

type Position = { row: number; column: number };

const KEYS = new Set<string>(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);

const positionOf = (target: EventTarget | null): { position: Position; element: HTMLElement } | null => {
  const element = target instanceof Element ? target.closest<HTMLElement>('[data-cell]') : null;
  if (!element) return null;
  const [row, column] = (element.dataset.cell ?? '').split(':').map(Number);
  return { position: { row, column }, element };
};

/**
 * One building (or the plots) as an ARIA grid: floors as rows, highest first, stacks as columns.
 * One tab stop per grid (roving tabindex); arrow keys, Home and End move, Enter opens, Space selects
 * (admin). Admins select with the mouse too: click, Shift-click for the rectangle from the last
 * clicked cell, Ctrl/Cmd-click to add or remove, and a drag rectangle; double-click opens.
 */
export const PlanGrid = ({ section, title, visibleTo, matching, selection, onOpen, onInspect, whole = false }: PlanGridProps) => {
  const matrix = useMemo(() => cellMatrix(section.rows.length, section.columns.length, section.cells), [section]);
  const first = section.cells[0];
  const [focus, setFocus] = useState<Position>({ row: first?.row ?? 0, column: first?.column ?? 0 });
  const anchor = useRef<Position | null>(null);
  const moved = useRef(false);
  const gridRef = useRef<HTMLDivElement>(null);
  const windowed = !whole && section.rows.length * section.columns.length > PLAN_WINDOW_THRESHOLD;
  const { ref: scrollRef, window: view, reveal, pitch } = usePlanWindow(section.rows.length, section.columns.length, windowed);
  const inView = (position: Position) =>
    position.row >= view.rowStart && position.row < view.rowEnd && position.column >= view.columnStart && position.column < view.columnEnd;
  // The grid's one tab stop: the focused cell, or else the first unit in view.
  const tabStop = useMemo(() => {
    if (matrix[focus.row]?.[focus.column] && inView(focus)) return focus;
    for (let row = view.rowStart; row < view.rowEnd; row += 1) {
      for (let column = view.columnStart; column < view.columnEnd; column += 1) if (matrix[row]?.[column]) return { row, column };
    }
    return focus;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [matrix, focus, view.rowStart, view.rowEnd, view.columnStart, view.columnEnd]);
  const unitAt = (position: Position) => matrix[position.row]?.[position.column]?.unit;

  const drag = usePlanDrag(matrix, selection?.pick, anchor);

  const moveFocus = (position: Position) => {
    moved.current = true;
    reveal(position.row, position.column);
    setFocus(position);
  };

  // After a key moved the focus (and, on a large building, the window to it), focus the new cell.
  useEffect(() => {
    if (!moved.current) return;
    const element = gridRef.current?.querySelector<HTMLElement>(`[data-cell="${focus.row}:${focus.column}"]`);
    if (!element) return;
    moved.current = false;
    element.focus();
  }, [focus, view.rowStart, view.columnStart]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const hit = positionOf(event.target);
    if (!hit) return;
    const unit = unitAt(hit.position);
    if (KEYS.has(event.key)) {
      const next = moveInPlan(matrix, hit.position, event.key as PlanKey, event.ctrlKey || event.metaKey);
      event.preventDefault();
      if (next) moveFocus({ row: next.row, column: next.column });
    } else if (event.key === 'Enter' && unit) {
      event.preventDefault();
      onOpen(unit);
    } else if (event.key === ' ' && unit && selection) {
      event.preventDefault();
      selection.toggle(unit.id, !selection.isSelected(unit.id));
      anchor.current = hit.position;
    } else if (event.key === 'Escape') {
      onInspect(null, null);
    }
  };

  const handleClick = (event: MouseEvent<HTMLDivElement>) => {
    const hit = positionOf(event.target);
    const unit = hit && unitAt(hit.position);
    if (!hit || !unit) return;
    setFocus(hit.position);
    if (!selection) {
      onOpen(unit);
      return;
    }
    if (event.shiftKey && anchor.current) {
      selection.pick(
        cellsInRectangle(matrix, anchor.current, hit.position).map((one) => one.id),
        'add',
      );
      return;
    }
    if (event.ctrlKey || event.metaKey) selection.toggle(unit.id, !selection.isSelected(unit.id));
    else selection.pick([unit.id], 'replace');
    anchor.current = hit.position;
  };

  const handleDoubleClick = (event: MouseEvent<HTMLDivElement>) => {
    const hit = positionOf(event.target);
    const unit = hit && unitAt(hit.position);
    if (selection && unit) onOpen(unit);
  };

  const handleMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    const hit = positionOf(event.target);
    if (!selection || !hit || event.button !== 0 || event.shiftKey) return;
    drag.start(hit.position);
  };

  const handleMouseOver = (event: MouseEvent<HTMLDivElement>) => {
    const hit = positionOf(event.target);
    onInspect(hit ? (unitAt(hit.position) ?? null) : null, hit?.element ?? null);
    if (drag.dragging && hit && (event.buttons & 1) === 1) drag.stretch(hit.position);
  };

  const handleFocus = (event: FocusEvent<HTMLDivElement>) => {
    const hit = positionOf(event.target);
    onInspect(hit ? (unitAt(hit.position) ?? null) : null, hit?.element ?? null);
  };

  const headingId = `plan-${section.kind}-${section.building}`;
  const columns = section.columns.slice(view.columnStart, view.columnEnd);
  // Spacers stand in for the rows and columns out of view (the flex gap follows each of them).
  const spaceBefore = view.columnStart * pitch.x - 4;
  const spaceAfter = (section.columns.length - view.columnEnd) * pitch.x - 4;
  const spacers = (key: string) => ({
    before: view.columnStart > 0 ? <div key={`${key}-before`} aria-hidden="true" style={{ width: spaceBefore, flexShrink: 0 }} /> : null,
    after: view.columnEnd < section.columns.length ? <div key={`${key}-after`} aria-hidden="true" style={{ width: spaceAfter, flexShrink: 0 }} /> : null,
  });
  const header = spacers('header');
  return (
    <Box as="section" className="plan-section" aria-labelledby={headingId}>
      <Heading as="h3" size="sm" mb="2" id={headingId}>
        {title}
      </Heading>
      <Box
        ref={scrollRef}
        overflow="auto"
        maxH={windowed ? 'min(70vh, 640px)' : undefined}
        pb="2"
        className="plan-scroll"
        data-windowed={windowed ? '' : undefined}
      >
        <div
          ref={gridRef}
          role="grid"
          aria-labelledby={headingId}
          aria-rowcount={section.rows.length + 1}
          aria-colcount={section.columns.length + 1}
          aria-multiselectable={selection ? true : undefined}
          style={{ display: 'flex', flexDirection: 'column', gap: 4, width: 'max-content', userSelect: 'none' }}
          onKeyDown={handleKeyDown}
          onClick={handleClick}
          onDoubleClick={handleDoubleClick}
          onMouseDown={handleMouseDown}
          onMouseOver={handleMouseOver}
          onMouseLeave={() => onInspect(null, null)}
          onFocus={handleFocus}
          onBlur={() => onInspect(null, null)}
        >
          <div role="row" aria-rowindex={1} className="plan-row plan-header-row">
            <div role="columnheader" className="plan-corner">
              <span className="plan-sr">{section.kind === 'tower' ? STACKING_TEXT.floor : ''}</span>
            </div>
            {header.before}
            {columns.map((column, offset) => (
              <div key={column.key} role="columnheader" aria-colindex={view.columnStart + offset + 2} className="plan-colheader">
                {column.label}
              </div>
            ))}
            {header.after}
          </div>
          {view.rowStart > 0 && <div aria-hidden="true" style={{ height: view.rowStart * pitch.y - 4, flexShrink: 0 }} />}
          {matrix.slice(view.rowStart, view.rowEnd).map((cells, offset) => {
            const row = view.rowStart + offset;
            const rowSpacers = spacers(section.rows[row].key);
            return (
              <div key={section.rows[row].key} role="row" aria-rowindex={row + 2} className="plan-row">
                <div
                  role="rowheader"
                  className="plan-rowheader"
                  aria-label={section.kind === 'tower' ? `${STACKING_TEXT.floor} ${section.rows[row].label}` : undefined}
                >
                  {section.rows[row].label}
                </div>
                {rowSpacers.before}
                {columns.map((column, columnOffset) => {
                  const index = view.columnStart + columnOffset;
                  const cell = cells[index];
                  if (!cell) return <div key={column.key} className="plan-empty" aria-hidden="true" />;
                  return (
                    <PlanCell
                      key={column.key}
                      unit={cell.unit}
                      row={row}
                      column={index}
                      visibleTo={visibleTo}
                      tabbable={tabStop.row === row && tabStop.column === index}
                      selectable={selection !== undefined}
                      selected={selection?.isSelected(cell.unit.id) ?? false}
                      dimmed={matching !== null && !matching.has(cell.unit.id)}
                      inDrag={drag.inDrag(row, index)}
                    />
                  );
                })}
                {rowSpacers.after}
              </div>
            );
          })}
          {view.rowEnd < section.rows.length && <div aria-hidden="true" style={{ height: (section.rows.length - view.rowEnd) * pitch.y - 4, flexShrink: 0 }} />}
        </div>
      </Box>
    </Box>
  );
};
