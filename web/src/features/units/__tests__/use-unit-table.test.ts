import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useUnitTable } from '../hooks/use-unit-table';
import { makeUnit } from './fixtures';

const list = () => [
  makeUnit({ id: 1, unitNumber: '10', unitType: 'Studio', price: 900_000 }),
  makeUnit({ id: 2, unitNumber: '2', unitType: 'Penthouse', price: 4_000_000 }),
  makeUnit({ id: 3, unitNumber: '3', unitType: 'Studio', price: 500_000 }),
];
const numbers = (rows: readonly { unitNumber: string }[]) => rows.map((unit) => unit.unitNumber);

describe('useUnitTable', () => {
  it('works a held list out once: a table mounted again on the same list reuses it, each with its own sort', () => {
    const units = list();
    const first = renderHook(() => useUnitTable(units));
    expect(numbers(first.result.current.rows)).toEqual(['2', '3', '10']);
    act(() => first.result.current.toggleSort('price'));
    expect(numbers(first.result.current.rows)).toEqual(['3', '10', '2']);
    first.unmount();

    // Back on the project: a fresh table on the list SWR still holds starts from the default order.
    const again = renderHook(() => useUnitTable(units));
    expect(again.result.current.options).toBe(first.result.current.options);
    expect(numbers(again.result.current.rows)).toEqual(['2', '3', '10']);
    act(() => again.result.current.toggleSort('price'));
    act(() => again.result.current.toggleSort('price'));
    expect(numbers(again.result.current.rows)).toEqual(['2', '10', '3']);
  });

  it('works a new list out afresh: a changed unit shows in the rows and the filter choices', () => {
    const units = list();
    const { result, rerender } = renderHook(({ current }) => useUnitTable(current), { initialProps: { current: units } });
    expect(result.current.options.unitTypes).toEqual(['Penthouse', 'Studio']);
    const changed = units.map((unit) => (unit.id === 3 ? { ...unit, unitNumber: '1', unitType: 'Loft' } : unit));
    rerender({ current: changed });
    expect(numbers(result.current.rows)).toEqual(['1', '2', '10']);
    expect(result.current.options.unitTypes).toEqual(['Loft', 'Penthouse', 'Studio']);
    act(() => result.current.setFilter('unitTypes', ['Loft']));
    expect(numbers(result.current.rows)).toEqual(['1']);
  });
});
