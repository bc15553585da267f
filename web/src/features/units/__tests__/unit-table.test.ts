import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, filterOptions, filterUnits, indexUnits, nextSort, sortUnits, type SortState } from '../utils/unit-table';
import { makeUnit, manyUnits } from './fixtures';

const units = [
  makeUnit({ id: 1, unitNumber: '10', unitType: 'Studio', floor: '10', view: 'City View', area: 500, price: 900_000, status: 'sold' }),
  makeUnit({ id: 2, unitNumber: '2A', unitType: 'Penthouse', floor: 'G', view: null, area: null, size: 1800, price: null, status: 'available' }),
  makeUnit({ id: 3, unitNumber: 'A-101', unitType: '2 Bedroom', floor: '2', view: 'Sea View', area: 1200, price: 2_500_000, status: 'reserved' }),
  makeUnit({ id: 4, unitNumber: 'PH', unitType: null, floor: '12', view: 'Sea View', area: 3000, price: 9_000_000, status: 'occupied' }),
  makeUnit({ id: 5, unitNumber: '2', unitType: 'Studio', floor: null, view: 'Marina View', area: 450, price: 850_000, status: 'unavailable' }),
];

const order = (sort: SortState, list = units) => sortUnits(indexUnits(list), sort).map(({ unit }) => unit.unitNumber);

describe('unit table sort', () => {
  it('orders unit numbers by their embedded number, then text, numberless last (the default, ascending)', () => {
    expect(order({ key: 'unitNumber', direction: 'asc' })).toEqual(['2', '2A', '10', 'A-101', 'PH']);
    expect(order({ key: 'unitNumber', direction: 'desc' })).toEqual(['PH', 'A-101', '10', '2A', '2']);
  });

  it('orders price, area (or size) and floor numerically, blanks last either way', () => {
    expect(order({ key: 'price', direction: 'asc' })).toEqual(['2', '10', 'A-101', 'PH', '2A']);
    expect(order({ key: 'price', direction: 'desc' })).toEqual(['PH', 'A-101', '10', '2', '2A']);
    expect(order({ key: 'area', direction: 'asc' })).toEqual(['2', '10', 'A-101', '2A', 'PH']);
    expect(order({ key: 'floor', direction: 'asc' })).toEqual(['A-101', '10', 'PH', '2A', '2']);
  });

  it('orders type, view and status as text, blanks last', () => {
    expect(order({ key: 'unitType', direction: 'asc' })).toEqual(['A-101', '2A', '2', '10', 'PH']);
    expect(order({ key: 'view', direction: 'asc' })).toEqual(['10', '2', 'A-101', 'PH', '2A']);
    expect(order({ key: 'status', direction: 'asc' })).toEqual(['2A', 'PH', 'A-101', '10', '2']);
  });

  it('toggles the direction on the same column and starts a new column ascending', () => {
    expect(nextSort({ key: 'price', direction: 'asc' }, 'price')).toEqual({ key: 'price', direction: 'desc' });
    expect(nextSort({ key: 'price', direction: 'desc' }, 'floor')).toEqual({ key: 'floor', direction: 'asc' });
  });
});

describe('unit table search and filters', () => {
  const numbers = (filters: Partial<typeof EMPTY_FILTERS>) =>
    filterUnits(indexUnits(units), { ...EMPTY_FILTERS, ...filters }).map(({ unit }) => unit.unitNumber);

  it('searches unit number, type, floor, view and status, case-insensitively', () => {
    expect(numbers({ search: 'a-1' })).toEqual(['A-101']);
    expect(numbers({ search: 'STUDIO' })).toEqual(['10', '2']);
    expect(numbers({ search: 'marina' })).toEqual(['2']);
    expect(numbers({ search: 'occupied' })).toEqual(['PH']);
    expect(numbers({ search: '12' })).toEqual(['PH']);
    expect(numbers({ search: '  ' })).toHaveLength(5);
  });

  it('combines multi-select filters (any of the values) across columns (all of the filters)', () => {
    expect(numbers({ unitTypes: ['Studio', 'Penthouse'] })).toEqual(['10', '2A', '2']);
    expect(numbers({ unitTypes: ['Studio'], statuses: ['sold'] })).toEqual(['10']);
    expect(numbers({ views: ['Sea View'], floors: ['12'] })).toEqual(['PH']);
  });

  it('bounds the price, leaving out units on Price on Request', () => {
    expect(numbers({ minPrice: '900000' })).toEqual(['10', 'A-101', 'PH']);
    expect(numbers({ minPrice: '900000', maxPrice: '2500000' })).toEqual(['10', 'A-101']);
    expect(numbers({ maxPrice: 'abc' })).toHaveLength(5);
  });

  it('offers the values present, in a readable order', () => {
    expect(filterOptions(units)).toEqual({
      unitTypes: ['2 Bedroom', 'Penthouse', 'Studio'],
      floors: ['2', '10', '12', 'G'],
      views: ['City View', 'Marina View', 'Sea View'],
      statuses: ['available', 'sold', 'reserved', 'unavailable', 'occupied'],
    });
  });

  it('sorts and filters 5,000 units well within 100 ms', () => {
    const indexed = indexUnits(manyUnits(5000));
    const started = performance.now();
    const sorted = sortUnits(indexed, { key: 'unitNumber', direction: 'desc' });
    const byPrice = sortUnits(indexed, { key: 'price', direction: 'asc' });
    const found = filterUnits(sorted, { ...EMPTY_FILTERS, search: 'sea', statuses: ['available', 'sold'] });
    const elapsed = performance.now() - started;
    expect(sorted[0].unit.unitNumber).toBe('50100');
    expect(byPrice[0].unit.price).toBe(500_000);
    expect(found.length).toBeGreaterThan(0);
    // The budget is 100 ms in the browser; a loaded test machine gets some slack.
    expect(elapsed).toBeLessThan(250);
  });
});
