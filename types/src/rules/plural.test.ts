import { describe, expect, it } from 'vitest';
import { pluralize } from './plural';

describe('pluralize', () => {
  it('uses the singular for exactly one and the plural for every other count', () => {
    expect(pluralize(1, 'unit')).toBe('1 unit');
    expect(pluralize(0, 'unit')).toBe('0 units');
    expect(pluralize(2, 'unit')).toBe('2 units');
    expect(pluralize(-1, 'unit')).toBe('-1 units');
  });

  it('takes an irregular plural', () => {
    expect(pluralize(3, 'property', 'properties')).toBe('3 properties');
    expect(pluralize(1, 'property', 'properties')).toBe('1 property');
  });
});
