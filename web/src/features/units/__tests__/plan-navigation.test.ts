import { stackingPlan } from '@repo/types';
import { describe, expect, it } from 'vitest';
import { cellMatrix, cellsInRectangle, moveInPlan } from '../utils/plan-navigation';

// Floor 13: 1301 . 1303 ; floor 12: 1201 1202 1203 ; floor 11: . 1102 .
const [tower] = stackingPlan(['1301', '1303', '1201', '1202', '1203', '1102'].map((unitNumber, id) => ({ id, unitNumber, floor: unitNumber.slice(0, 2) })));
const matrix = cellMatrix(tower.rows.length, tower.columns.length, tower.cells);
const at = (unitNumber: string) => {
  const cell = tower.cells.find((one) => one.unit.unitNumber === unitNumber);
  if (!cell) throw new Error(unitNumber);
  return { row: cell.row, column: cell.column };
};
const move = (from: string, key: Parameters<typeof moveInPlan>[2], ctrl = false) => moveInPlan(matrix, at(from), key, ctrl)?.unit.unitNumber;

describe('moveInPlan', () => {
  it('moves left and right to the next unit on the floor, skipping empty positions, and stops at the edge', () => {
    expect(move('1301', 'ArrowRight')).toBe('1303');
    expect(move('1303', 'ArrowLeft')).toBe('1301');
    expect(move('1303', 'ArrowRight')).toBeUndefined();
    expect(move('1201', 'ArrowLeft')).toBeUndefined();
  });

  it('moves up and down to the nearest unit of the next floor that has one', () => {
    expect(move('1303', 'ArrowDown')).toBe('1203');
    expect(move('1201', 'ArrowDown')).toBe('1102');
    expect(move('1102', 'ArrowUp')).toBe('1202');
    expect(move('1202', 'ArrowUp')).toBe('1301');
    expect(move('1301', 'ArrowUp')).toBeUndefined();
    expect(move('1102', 'ArrowDown')).toBeUndefined();
  });

  it('goes to the first and last unit of the floor with Home and End, of the plan with Ctrl', () => {
    expect(move('1202', 'Home')).toBe('1201');
    expect(move('1202', 'End')).toBe('1203');
    expect(move('1102', 'Home', true)).toBe('1301');
    expect(move('1301', 'End', true)).toBe('1102');
  });
});

describe('cellsInRectangle', () => {
  it('takes the units between two corners, in either order, and none of the empty positions', () => {
    const numbers = (a: string, b: string) => cellsInRectangle(matrix, at(a), at(b)).map((unit) => unit.unitNumber);
    expect(numbers('1301', '1203')).toEqual(['1301', '1303', '1201', '1202', '1203']);
    expect(numbers('1203', '1301')).toEqual(['1301', '1303', '1201', '1202', '1203']);
    expect(numbers('1202', '1102')).toEqual(['1202', '1102']);
  });
});
