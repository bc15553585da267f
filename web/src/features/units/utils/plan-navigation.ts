import type { PlanCell } from '@repo/types';

/** A section's cells by row and column (undefined where no unit the viewer may see sits). */
export type CellMatrix<T> = Array<Array<PlanCell<T> | undefined>>;

export const cellMatrix = <T>(rows: number, columns: number, cells: readonly PlanCell<T>[]): CellMatrix<T> => {
  const matrix: CellMatrix<T> = Array.from({ length: rows }, () => new Array<PlanCell<T> | undefined>(columns));
  for (const cell of cells) matrix[cell.row][cell.column] = cell;
  return matrix;
};

export type PlanKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End';

const nearestInRow = <T>(row: Array<PlanCell<T> | undefined>, column: number) => {
  let best: PlanCell<T> | undefined;
  row.forEach((cell) => {
    if (cell && (!best || Math.abs(cell.column - column) < Math.abs(best.column - column))) best = cell;
  });
  return best;
};

/**
 * Where an arrow key goes from a cell: left and right to the next unit on the floor, up and down to
 * the nearest unit on the next floor that has one, Home and End to the floor's first and last unit
 * (with Ctrl, the plan's). Empty positions are skipped; at an edge the focus stays.
 */
export const moveInPlan = <T>(matrix: CellMatrix<T>, from: { row: number; column: number }, key: PlanKey, ctrl = false): PlanCell<T> | undefined => {
  const row = matrix[from.row] ?? [];
  switch (key) {
    case 'ArrowLeft':
      for (let column = from.column - 1; column >= 0; column -= 1) if (row[column]) return row[column];
      return undefined;
    case 'ArrowRight':
      for (let column = from.column + 1; column < row.length; column += 1) if (row[column]) return row[column];
      return undefined;
    case 'ArrowUp':
      for (let index = from.row - 1; index >= 0; index -= 1) {
        const found = nearestInRow(matrix[index], from.column);
        if (found) return found;
      }
      return undefined;
    case 'ArrowDown':
      for (let index = from.row + 1; index < matrix.length; index += 1) {
        const found = nearestInRow(matrix[index], from.column);
        if (found) return found;
      }
      return undefined;
    case 'Home': {
      const rows = ctrl ? matrix : [row];
      for (const candidate of rows) for (const cell of candidate) if (cell) return cell;
      return undefined;
    }
    case 'End': {
      const rows = ctrl ? [...matrix].reverse() : [row];
      for (const candidate of rows) for (const cell of [...candidate].reverse()) if (cell) return cell;
      return undefined;
    }
  }
};

/** The units inside the rectangle two cells span (a drag, or a Shift-click from the anchor). */
export const cellsInRectangle = <T>(matrix: CellMatrix<T>, a: { row: number; column: number }, b: { row: number; column: number }): T[] => {
  const units: T[] = [];
  for (let row = Math.min(a.row, b.row); row <= Math.max(a.row, b.row); row += 1) {
    for (let column = Math.min(a.column, b.column); column <= Math.max(a.column, b.column); column += 1) {
      const cell = matrix[row]?.[column];
      if (cell) units.push(cell.unit);
    }
  }
  return units;
};
