import { describe, expect, it } from 'vitest';
import { groupUnitsByType, unitTypeKey } from './unit-type-groups';

const unit = (id: number, unitType: string | null) => ({ id, unitType });

describe('unitTypeKey', () => {
  it('trims the type and calls a blank one Unspecified', () => {
    expect(unitTypeKey({ unitType: ' Studio ' })).toBe('Studio');
    expect(unitTypeKey({ unitType: '' })).toBe('Unspecified');
    expect(unitTypeKey({ unitType: '   ' })).toBe('Unspecified');
    expect(unitTypeKey({ unitType: null })).toBe('Unspecified');
    expect(unitTypeKey({})).toBe('Unspecified');
  });
});

describe('groupUnitsByType', () => {
  it('orders types alphabetically with Unspecified last', () => {
    const groups = groupUnitsByType([
      unit(1, 'Villa'),
      unit(2, null),
      unit(3, '2 Bedroom'),
      unit(4, 'Studio'),
      unit(5, '10 Bedroom'),
      unit(6, 'studio loft'),
      unit(7, ''),
    ]);
    expect(groups.map((group) => group.type)).toEqual(['2 Bedroom', '10 Bedroom', 'Studio', 'studio loft', 'Villa', 'Unspecified']);
    expect(groups.at(-1)?.units.map((u) => u.id)).toEqual([2, 7]);
  });

  it('keeps the input order inside a group and merges types differing only by spaces', () => {
    const groups = groupUnitsByType([unit(3, 'Studio'), unit(1, 'Studio '), unit(2, ' Studio')]);
    expect(groups).toHaveLength(1);
    expect(groups[0].units.map((u) => u.id)).toEqual([3, 1, 2]);
  });

  it('returns no groups for no units', () => {
    expect(groupUnitsByType([])).toEqual([]);
  });
});
