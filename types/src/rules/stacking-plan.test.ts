import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { floorStack, numericFloor, PLOT_COLUMNS, stackingPlan, type PlanSection, type StackingInput } from './stacking-plan';

const unit = (id: number, unitNumber: string, floor: string | null = null): StackingInput => ({ id, unitNumber, floor });

/** The plan as readable rows: 'building|row label|column label' per unit number. */
const where = (sections: PlanSection<StackingInput>[]) =>
  Object.fromEntries(
    sections.flatMap((section) =>
      section.cells.map((cell) => [
        cell.unit.unitNumber,
        `${section.kind}:${section.building}|${section.rows[cell.row]?.label}|${section.columns[cell.column]?.label}`,
      ]),
    ),
  );

describe('numericFloor', () => {
  it('reads plain integers, signs and surrounding spaces', () => {
    expect(numericFloor('12')).toBe(12);
    expect(numericFloor(' 7 ')).toBe(7);
    expect(numericFloor('-1')).toBe(-1);
    expect(numericFloor('+3')).toBe(3);
    expect(numericFloor('007')).toBe(7);
  });

  it('treats -0 as floor 0', () => {
    expect(Object.is(numericFloor('-0'), 0)).toBe(true);
  });

  it('refuses what is not a plain integer', () => {
    for (const value of ['G', '7.5', '', '  ', '1e3', '0x10', '12A', 'A12', '1 2', null, undefined]) expect(numericFloor(value)).toBeNull();
  });

  it('refuses integers beyond exact range', () => {
    expect(numericFloor('9007199254740991')).toBe(9007199254740991);
    expect(numericFloor('9007199254740993')).toBeNull();
  });
});

describe('floorStack', () => {
  it('takes the digits after the floor as the stack (1203 on floor 12 is stack 03)', () => {
    expect(floorStack('12', '1203')).toEqual({ building: '', floor: 12, stack: '03' });
  });

  it("takes a letter after the floor as the stack and the text before as the building ('T-12B')", () => {
    expect(floorStack('12', 'T-12B')).toEqual({ building: 'T', floor: 12, stack: 'B' });
  });

  it('accepts zero-padded floors and keeps the stack whole', () => {
    expect(floorStack('5', '0502')).toEqual({ building: '', floor: 5, stack: '02' });
    expect(floorStack('0', '001')).toEqual({ building: '', floor: 0, stack: '01' });
    expect(floorStack('1', '101A')).toEqual({ building: '', floor: 1, stack: '01A' });
  });

  it('uses the last digit run that starts with the floor', () => {
    expect(floorStack('12', 'B12-1203')).toEqual({ building: 'B12', floor: 12, stack: '03' });
    expect(floorStack('3', 'B7-305')).toEqual({ building: 'B7', floor: 3, stack: '05' });
  });

  it('drops separators between the building, the floor and the stack', () => {
    expect(floorStack('12', '12-03')).toEqual({ building: '', floor: 12, stack: '03' });
    expect(floorStack('12', 'Tower A 12 / 03')).toEqual({ building: 'Tower A', floor: 12, stack: '03' });
    expect(floorStack('4', 'A_._4_.B')).toEqual({ building: 'A', floor: 4, stack: 'B' });
  });

  it('reads negative floors by their digits', () => {
    expect(floorStack('-1', 'B-101')).toEqual({ building: 'B', floor: -1, stack: '01' });
  });

  it('makes a number that does not carry its floor its own stack', () => {
    expect(floorStack('40', 'PH')).toEqual({ building: '', floor: 40, stack: 'PH' });
    expect(floorStack('40', ' PH-2 ')).toEqual({ building: '', floor: 40, stack: 'PH-2' });
    expect(floorStack('12', '12')).toEqual({ building: '', floor: 12, stack: '12' });
    expect(floorStack('12', 'T-12')).toEqual({ building: 'T', floor: 12, stack: 'T-12' });
  });

  it('gives units without a numeric floor no floor or stack', () => {
    expect(floorStack(null, 'V-01')).toBeNull();
    expect(floorStack('G', 'G01')).toBeNull();
  });
});

describe('stackingPlan', () => {
  it('lays a tower out with the highest floor at the top and stacks in order', () => {
    const sections = stackingPlan([unit(1, '101', '1'), unit(2, '1202', '12'), unit(3, '102', '1'), unit(4, '1201', '12'), unit(5, '1210', '12')]);
    expect(sections).toHaveLength(1);
    const [tower] = sections;
    expect(tower.kind).toBe('tower');
    expect(tower.building).toBe('');
    expect(tower.rows).toEqual([
      { key: '12', label: '12' },
      { key: '1', label: '1' },
    ]);
    expect(tower.columns.map((column) => column.label)).toEqual(['01', '02', '10']);
    expect(tower.cells.map((cell) => [cell.unit.unitNumber, cell.row, cell.column])).toEqual([
      ['1201', 0, 0],
      ['1202', 0, 1],
      ['1210', 0, 2],
      ['101', 1, 0],
      ['102', 1, 1],
    ]);
  });

  it('orders stacks numerically', () => {
    const [tower] = stackingPlan([unit(1, '110', '1'), unit(2, '19', '1'), unit(3, '1B', '1'), unit(4, '1a', '1')]);
    expect(tower.columns.map((column) => column.label)).toEqual(['9', '10', 'a', 'B']);
  });

  it('orders stacks and buildings that compare equal numerically by their text, whatever the list order', () => {
    for (const list of [
      [unit(1, '5-1', '5'), unit(2, '501', '5'), unit(3, 'A1-101', '1'), unit(4, 'A01-101', '1')],
      [unit(4, 'A01-101', '1'), unit(3, 'A1-101', '1'), unit(2, '501', '5'), unit(1, '5-1', '5')],
    ]) {
      const sections = stackingPlan(list);
      expect(sections.map((section) => section.building)).toEqual(['', 'A01', 'A1']);
      expect(sections[0].columns.map((column) => column.label)).toEqual(['01', '1']);
    }
  });

  it('keeps separators inside a stack', () => {
    expect(floorStack('12', '1203-A')).toEqual({ building: '', floor: 12, stack: '03-A' });
  });

  it('gives stacks that coincide on a floor a column each', () => {
    const sections = stackingPlan([unit(1, '1203', '12'), unit(2, '12-03', '12'), unit(3, '1103', '11'), unit(4, '12/03', '12')]);
    expect(where(sections)).toEqual({
      '12-03': 'tower:|12|03',
      '12/03': 'tower:|12|03 (2)',
      '1203': 'tower:|12|03 (3)',
      '1103': 'tower:|11|03',
    });
    expect(sections[0].columns.map((column) => column.key)).toEqual(['03\u00001', '03\u00002', '03\u00003']);
  });

  it('keeps the same stack on the same column from floor to floor', () => {
    const [tower] = stackingPlan([unit(1, '303', '3'), unit(2, '201', '2'), unit(3, '203', '2')]);
    const columnOf = Object.fromEntries(tower.cells.map((cell) => [cell.unit.unitNumber, cell.column]));
    expect(columnOf['303']).toBe(columnOf['203']);
    expect(columnOf['201']).not.toBe(columnOf['203']);
  });

  it('makes one section per building, in name order, with the plots last', () => {
    const sections = stackingPlan([
      unit(1, 'V-02'),
      unit(2, 'T2-101', '1'),
      unit(3, 'V-01', 'G'),
      unit(4, 'T10-101', '1'),
      unit(5, 'T2-201', '2'),
      unit(6, 'a-101', '1'),
      unit(7, 'A-101', '1'),
    ]);
    expect(sections.map((section) => `${section.kind}:${section.building}`)).toEqual(['tower:a', 'tower:A', 'tower:T2', 'tower:T10', 'plots:']);
    expect(where(sections)).toMatchObject({ 'T2-201': 'tower:T2|2|01', 'T2-101': 'tower:T2|1|01', 'V-01': 'plots:|1|1', 'V-02': 'plots:|1|2' });
  });

  it(`lays plots out ${PLOT_COLUMNS} to a row in unit-number order`, () => {
    const villas = Array.from({ length: 23 }, (_, index) => unit(index + 1, `V-${23 - index}`, index % 2 ? null : ''));
    const [plots] = stackingPlan(villas);
    expect(plots.kind).toBe('plots');
    expect(plots.rows.map((row) => row.label)).toEqual(['1', '2', '3']);
    expect(plots.columns).toHaveLength(10);
    expect(plots.columns[9]).toEqual({ key: '10', label: '10' });
    expect(plots.rows[2]).toEqual({ key: '3', label: '3' });
    expect(where([plots])).toMatchObject({ 'V-1': 'plots:|1|1', 'V-10': 'plots:|1|10', 'V-11': 'plots:|2|1', 'V-23': 'plots:|3|3' });
  });

  it('narrows the plot grid to a short list', () => {
    const [plots] = stackingPlan([unit(1, 'V2'), unit(2, 'V1')]);
    expect(plots.columns.map((column) => column.label)).toEqual(['1', '2']);
    expect(plots.rows).toHaveLength(1);
    expect(plots.cells.map((cell) => [cell.unit.unitNumber, cell.row, cell.column])).toEqual([
      ['V1', 0, 0],
      ['V2', 0, 1],
    ]);
  });

  it('orders equal plot numbers by id', () => {
    const [plots] = stackingPlan([unit(9, 'V1'), unit(3, 'V1')]);
    expect(plots.cells.map((cell) => cell.unit.id)).toEqual([3, 9]);
  });

  it('is empty for no units', () => {
    expect(stackingPlan([])).toEqual([]);
  });
});

// Unit numbers as inventories write them (a building, a floor, a stack, separators), and as they
// should not be (anything at all), on floors that are numbers, almost numbers, or nothing.
const floorArb = fc.oneof(
  fc.integer({ min: -3, max: 60 }).map(String),
  fc.constantFrom(null, '', 'G', '7.5', ' 12 ', '-0', '012'),
  fc.string({ maxLength: 4 }),
);
const unitNumberArb = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('', 'T-', 'A', 'B-', 'Tower A '),
      fc.integer({ min: 0, max: 60 }),
      fc.constantFrom('', '-', '/'),
      fc.constantFrom('01', '02', '03', 'A', 'B', '', '1'),
    )
    .map(([building, level, separator, stack]) => `${building}${level}${separator}${stack}`),
  fc.string({ maxLength: 8 }),
  fc.constantFrom('PH', 'V-01', '1203', '12-03', '12/03', 'T-12B'),
);
const unitsArb = fc
  .array(fc.record({ unitNumber: unitNumberArb, floor: floorArb }), { maxLength: 80 })
  .map((list) => list.map((fields, index) => ({ id: index + 1, ...fields })));

describe('stackingPlan (properties)', () => {
  it('puts every unit in exactly one cell, and no two units in one cell', () => {
    fc.assert(
      fc.property(unitsArb, (units) => {
        const sections = stackingPlan(units);
        const placed = sections.flatMap((section) => section.cells.map((cell) => cell.unit.id));
        expect(placed.sort((a, b) => a - b)).toEqual(units.map((one) => one.id));
        const cells = sections.flatMap((section, index) => section.cells.map((cell) => `${index}:${cell.row}:${cell.column}`));
        expect(new Set(cells).size).toBe(cells.length);
        for (const section of sections) {
          for (const cell of section.cells) {
            expect(cell.row).toBeGreaterThanOrEqual(0);
            expect(cell.row).toBeLessThan(section.rows.length);
            expect(cell.column).toBeGreaterThanOrEqual(0);
            expect(cell.column).toBeLessThan(section.columns.length);
          }
          const order = section.cells.map((cell) => cell.row * 1_000_000 + cell.column);
          expect(order).toEqual([...order].sort((a, b) => a - b));
          expect(new Set(section.columns.map((column) => column.key)).size).toBe(section.columns.length);
          expect(new Set(section.rows.map((row) => row.key)).size).toBe(section.rows.length);
        }
      }),
    );
  });

  it('rows of a tower are its floors, highest first, and each unit sits on its own floor', () => {
    fc.assert(
      fc.property(unitsArb, (units) => {
        for (const section of stackingPlan(units)) {
          if (section.kind !== 'tower') continue;
          const floors = section.rows.map((row) => Number(row.label));
          expect([...floors].sort((a, b) => b - a)).toEqual(floors);
          for (const cell of section.cells) expect(floors[cell.row]).toBe(numericFloor(cell.unit.floor));
        }
      }),
    );
  });

  it('sends exactly the units without a numeric floor to the plots', () => {
    fc.assert(
      fc.property(unitsArb, (units) => {
        const plots = stackingPlan(units).find((section) => section.kind === 'plots');
        const expected = units.filter((one) => numericFloor(one.floor) === null).map((one) => one.id);
        expect((plots?.cells ?? []).map((cell) => cell.unit.id).sort((a, b) => a - b)).toEqual(expected);
      }),
    );
  });

  it('does not depend on the order of the list', () => {
    fc.assert(
      fc.property(unitsArb, fc.integer(), (units, seed) => {
        const shuffled = [...units].sort((a, b) => (((a.id * 2654435761) ^ seed) % 97) - (((b.id * 2654435761) ^ seed) % 97));
        const plan = (list: StackingInput[]) =>
          stackingPlan(list).map((section) => ({ ...section, cells: section.cells.map((cell) => [cell.unit.id, cell.row, cell.column]) }));
        expect(plan(shuffled)).toEqual(plan(units));
      }),
    );
  });
});
