import { useEffect, useState, type MutableRefObject } from 'react';
import { cellsInRectangle, type CellMatrix } from '../utils/plan-navigation';

export type PlanPosition = { row: number; column: number };

/**
 * The admin's drag rectangle on a building: started on a cell, stretched over others while the
 * button is held, and, released anywhere, it selects the units inside (Ctrl/Cmd adds to the selection).
 */
export const usePlanDrag = <T extends { id: number }>(
  matrix: CellMatrix<T>,
  pick: ((ids: readonly number[], mode: 'add' | 'replace') => void) | undefined,
  anchor: MutableRefObject<PlanPosition | null>,
) => {
  const [drag, setDrag] = useState<{ from: PlanPosition; to: PlanPosition } | null>(null);

  useEffect(() => {
    if (!drag) return undefined;
    const handleUp = (event: MouseEvent) => {
      if (pick && (drag.from.row !== drag.to.row || drag.from.column !== drag.to.column)) {
        pick(
          cellsInRectangle(matrix, drag.from, drag.to).map((unit) => unit.id),
          event.ctrlKey || event.metaKey ? 'add' : 'replace',
        );
        anchor.current = drag.from;
      }
      setDrag(null);
    };
    window.addEventListener('mouseup', handleUp, { once: true });
    return () => window.removeEventListener('mouseup', handleUp);
  }, [drag, matrix, pick, anchor]);

  const start = (position: PlanPosition) => setDrag({ from: position, to: position });
  const stretch = (position: PlanPosition) => {
    if (drag && (position.row !== drag.to.row || position.column !== drag.to.column)) setDrag({ from: drag.from, to: position });
  };
  const inDrag = (row: number, column: number) =>
    drag !== null &&
    row >= Math.min(drag.from.row, drag.to.row) &&
    row <= Math.max(drag.from.row, drag.to.row) &&
    column >= Math.min(drag.from.column, drag.to.column) &&
    column <= Math.max(drag.from.column, drag.to.column);

  return { start, stretch, inDrag, dragging: drag !== null };
};
