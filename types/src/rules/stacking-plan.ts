import { compareUnitNumbers } from './unit-number';

/** What the stacking plan reads of a unit: its id, number and floor (the list's fields). */
export interface StackingInput {
  id: number;
  unitNumber: string;
  floor: string | null | undefined;
}

/** Where a unit with a numeric floor sits: its building (the text before the floor's digits), floor and stack. */
export interface FloorStack {
  building: string;
  floor: number;
  stack: string;
}

export interface PlanAxis {
  key: string;
  label: string;
}

export interface PlanCell<T> {
  unit: T;
  /** Index into the section's rows (0 is the top: the highest floor, or the first plot row). */
  row: number;
  /** Index into the section's columns. */
  column: number;
}

/** A tower (a building's floors by stacks) or the plots (units without a numeric floor, ordered by unit number). */
export interface PlanSection<T> {
  kind: 'tower' | 'plots';
  building: string;
  rows: PlanAxis[];
  columns: PlanAxis[];
  /** Row by row, then column by column. */
  cells: PlanCell<T>[];
}

/** Plots are laid out this many to a row. */
export const PLOT_COLUMNS = 10;

const INTEGER = /^[-+]?\d+$/;
// Separators between a building's name, the floor and the stack: 'T-12B', 'Tower A 1203', '12-03'.
const LEADING_SEPARATORS = /^[\s\-_./]+/;
const TRAILING_SEPARATORS = /[\s\-_./]+$/;
const collator = new Intl.Collator('en', { numeric: true });
// Numeric-aware, then by code units, so two different texts never tie and the plan never depends on the list's order.
const compareText = (a: string, b: string) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

/** A floor the plan can stack: an integer, written plainly ('12', '-1', '+3'); 'G', '7.5' and blanks are not. */
export function numericFloor(floor: string | null | undefined): number | null {
  const text = floor?.trim() ?? '';
  if (!INTEGER.test(text)) return null;
  const value = Number(text);
  // 0 and -0 are one floor.
  return Number.isSafeInteger(value) ? value + 0 : null;
}

/**
 * The floor/stack rule. The stack is what follows the floor's digits in the last digit run of the
 * unit number that starts with them (zero padding allowed): 1203 on floor 12 is stack '03', 'T-12B'
 * on floor 12 is stack 'B', '0502' on floor 5 is '02'. The text before that run names the building
 * ('T'). A number that does not carry its floor ('PH' on floor 40) is its own stack. Units without
 * a numeric floor have no floor/stack: they go to the plots (null).
 */
export function floorStack(floor: string | null | undefined, unitNumber: string): FloorStack | null {
  const level = numericFloor(floor);
  if (level === null) return null;
  const text = unitNumber.trim();
  const digits = String(Math.abs(level));
  const runs = [...text.matchAll(/\d+/g)].reverse();
  for (const run of runs) {
    const rest = new RegExp(`^0*?${digits}(.*)$`).exec(run[0]);
    if (rest) {
      const start = run.index;
      const stack = (rest[1] + text.slice(start + run[0].length)).replace(LEADING_SEPARATORS, '');
      return { building: text.slice(0, start).replace(TRAILING_SEPARATORS, ''), floor: level, stack: stack === '' ? text : stack };
    }
  }
  return { building: '', floor: level, stack: text };
}

const byUnitNumber = (a: StackingInput, b: StackingInput) => compareUnitNumbers(a.unitNumber, b.unitNumber) || a.id - b.id;

interface Placed<T> {
  unit: T;
  at: FloorStack;
}

const towerOf = <T extends StackingInput>(building: string, placed: Placed<T>[]): PlanSection<T> => {
  // Within a floor, units whose stacks coincide ('1203' and '12-03') each get a column of their own:
  // the second is '03 (2)'. A column is a (stack, occurrence) pair, so no two units of a floor share one.
  placed.sort((a, b) => b.at.floor - a.at.floor || compareText(a.at.stack, b.at.stack) || byUnitNumber(a.unit, b.unit));
  const columnsByKey = new Map<string, { stack: string; occurrence: number }>();
  const slots: Array<{ unit: T; floor: number; column: string }> = [];
  let seen = new Map<string, number>();
  let floor: number | null = null;
  for (const { unit, at } of placed) {
    if (at.floor !== floor) {
      floor = at.floor;
      seen = new Map();
    }
    const occurrence = (seen.get(at.stack) ?? 0) + 1;
    seen.set(at.stack, occurrence);
    const key = `${at.stack}\u0000${occurrence}`;
    columnsByKey.set(key, { stack: at.stack, occurrence });
    slots.push({ unit, floor: at.floor, column: key });
  }
  // A stack's second column is met after its first (on the same floor), and the sort is stable.
  const columnKeys = [...columnsByKey.entries()].sort(([, a], [, b]) => compareText(a.stack, b.stack)).map(([key]) => key);
  const columnIndex = new Map(columnKeys.map((key, index) => [key, index]));
  const floors = [...new Set(slots.map((slot) => slot.floor))];
  const rowIndex = new Map(floors.map((value, index) => [value, index]));
  return {
    kind: 'tower',
    building,
    rows: floors.map((value) => ({ key: String(value), label: String(value) })),
    columns: columnKeys.map((key) => {
      const { stack, occurrence } = columnsByKey.get(key) as { stack: string; occurrence: number };
      return { key, label: occurrence === 1 ? stack : `${stack} (${occurrence})` };
    }),
    // Slots come floor by floor from the top, and within a floor in column order already.
    cells: slots.map((slot) => ({ unit: slot.unit, row: rowIndex.get(slot.floor) as number, column: columnIndex.get(slot.column) as number })),
  };
};

const plotsOf = <T extends StackingInput>(units: T[]): PlanSection<T> => {
  units.sort(byUnitNumber);
  const width = Math.min(PLOT_COLUMNS, units.length);
  const height = Math.ceil(units.length / width);
  return {
    kind: 'plots',
    building: '',
    rows: Array.from({ length: height }, (_, index) => ({ key: String(index + 1), label: String(index + 1) })),
    columns: Array.from({ length: width }, (_, index) => ({ key: String(index + 1), label: String(index + 1) })),
    cells: units.map((unit, index) => ({ unit, row: Math.floor(index / width), column: index % width })),
  };
};

/**
 * The stacking plan of a list of units: one tower section per building (floors as rows, highest at
 * the top; stacks as columns), then the plots. Every unit lands in exactly one cell, no two units
 * share one, and the plan does not depend on the order of the list.
 */
export function stackingPlan<T extends StackingInput>(units: readonly T[]): PlanSection<T>[] {
  const buildings = new Map<string, Placed<T>[]>();
  const plots: T[] = [];
  for (const unit of units) {
    const at = floorStack(unit.floor, unit.unitNumber);
    if (at === null) {
      plots.push(unit);
      continue;
    }
    const list = buildings.get(at.building) ?? [];
    list.push({ unit, at });
    buildings.set(at.building, list);
  }
  const sections = [...buildings.keys()].sort(compareText).map((building) => towerOf(building, buildings.get(building) as Placed<T>[]));
  if (plots.length > 0) sections.push(plotsOf(plots));
  return sections;
}
