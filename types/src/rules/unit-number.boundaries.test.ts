import { describe, expect, it } from 'vitest';
import { compareNumericLoose, compareUnitNumbers } from './unit-number';

const sortUnits = (values: string[]) => [...values].sort((a, b) => compareUnitNumbers(a, b));
const sortLoose = (values: (string | number | null)[], direction: 'asc' | 'desc' = 'asc') => [...values].sort((a, b) => compareNumericLoose(a, b, direction));

describe('compareUnitNumbers', () => {
  it("orders by the embedded number before the letters (spec §2: 'A-101' < 'B-101' < 'A-201')", () => {
    expect(sortUnits(['A-201', 'B-101', 'A-101'])).toEqual(['A-101', 'B-101', 'A-201']);
  });

  it('reads leading zeros as nothing, on either side', () => {
    expect(compareUnitNumbers('007', '8')).toBe(-1);
    expect(compareUnitNumbers('8', '007')).toBe(1);
  });

  it('puts a unit number without digits after the numbered ones, even one that starts with punctuation', () => {
    expect(sortUnits(['(PH)', '5', '12'])).toEqual(['5', '12', '(PH)']);
    expect(compareUnitNumbers('#', '5')).toBe(1);
  });
});

describe('compareNumericLoose', () => {
  it('reads decimals with several digits on either side of the point, and grouped thousands, as numbers', () => {
    expect(sortLoose(['13', '12.75', '.55', '1,200', '999', '12'])).toEqual(['.55', '12', '12.75', '13', '999', '1,200']);
  });

  it('reads text with a number inside it as text, after every number', () => {
    expect(sortLoose(['12abc', 'G12', '13', '.5x'])).toEqual(['13', '.5x', '12abc', 'G12']);
  });

  it('keeps blanks last in descending order too, compared directly in both orders', () => {
    expect(compareNumericLoose(null, 5, 'desc')).toBeGreaterThan(0);
    expect(compareNumericLoose(5, '  ', 'desc')).toBeLessThan(0);
    expect(compareNumericLoose(null, 'G', 'desc')).toBeGreaterThan(0);
    expect(sortLoose([null, 3, 'G', 12, ''], 'desc')).toEqual(['G', 12, 3, null, '']);
  });
});
