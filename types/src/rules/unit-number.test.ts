import { describe, expect, it } from 'vitest';
import { compareNumericLoose, compareUnitNumbers } from './unit-number';

describe('compareUnitNumbers', () => {
  it('sorts by the embedded number before the text', () => {
    const sorted = ['A-201', 'B-101', '10', '2A', 'A-101', '9'].sort((a, b) => compareUnitNumbers(a, b));
    expect(sorted).toEqual(['2A', '9', '10', 'A-101', 'B-101', 'A-201']);
  });

  it('breaks ties on the number by the whole text, case-insensitively and numeric-aware', () => {
    expect(['b101', 'A101', 'a101-2', 'a101-10'].sort((a, b) => compareUnitNumbers(a, b))).toEqual(['A101', 'a101-2', 'a101-10', 'b101']);
  });

  it('compares only the first embedded number numerically', () => {
    expect(compareUnitNumbers('T2-900', 'T10-100')).toBeLessThan(0);
    expect(compareUnitNumbers('007', '7')).not.toBe(0);
    expect(compareUnitNumbers('007', '8')).toBeLessThan(0);
  });

  it('handles numbers too long for a double without losing order', () => {
    expect(compareUnitNumbers('U90071992547409931', 'U90071992547409930')).toBeGreaterThan(0);
  });

  it('puts unit numbers without digits after numbered ones, in text order', () => {
    const sorted = ['Retail', '3', 'PH', 'A1'].sort((a, b) => compareUnitNumbers(a, b));
    expect(sorted).toEqual(['A1', '3', 'PH', 'Retail']);
  });

  it('puts blank and missing unit numbers last in either direction', () => {
    const values = [null, '2', '', 'PH', undefined, '10'];
    expect([...values].sort((a, b) => compareUnitNumbers(a, b)).slice(0, 3)).toEqual(['2', '10', 'PH']);
    expect([...values].sort((a, b) => compareUnitNumbers(a, b, 'desc')).slice(0, 3)).toEqual(['PH', '10', '2']);
    expect(compareUnitNumbers(null, undefined)).toBe(0);
  });

  it('accepts numbers as unit numbers', () => {
    expect(compareUnitNumbers(12, '3')).toBeGreaterThan(0);
  });

  it('gives a consistent total order: antisymmetric and zero only for identical text', () => {
    const values = ['a1', 'A1', '1', '01', 'B', 'b', '10', 'x10y', 'X10Y', ''];
    for (const a of values) {
      for (const b of values) {
        expect(Math.sign(compareUnitNumbers(a, b)) + Math.sign(compareUnitNumbers(b, a))).toBe(0);
        if (a !== b) expect(compareUnitNumbers(a, b)).not.toBe(0);
      }
    }
  });

  it('returns exactly 0, not -0, for equal values in descending order', () => {
    expect(Object.is(compareUnitNumbers('A1', 'A1', 'desc'), 0)).toBe(true);
  });
});

describe('compareNumericLoose', () => {
  it('sorts numbers by value', () => {
    expect([1000, 200, 30.5].sort((a, b) => compareNumericLoose(a, b))).toEqual([30.5, 200, 1000]);
  });

  it('reads numeric text, including grouping commas, by value', () => {
    expect(['12', '3', '1,200', '-1', '2.5'].sort((a, b) => compareNumericLoose(a, b))).toEqual(['-1', '2.5', '3', '12', '1,200']);
  });

  it('puts non-numeric floors after numeric ones, then blanks and nulls', () => {
    // Blanks and nulls are equal to each other, so the stable sort keeps their input order.
    const floors = [null, 'Mezzanine', '10', '', 'G', '2', '  '];
    expect([...floors].sort((a, b) => compareNumericLoose(a, b))).toEqual(['2', '10', 'G', 'Mezzanine', null, '', '  ']);
    expect(compareNumericLoose('', undefined)).toBe(0);
    expect(compareNumericLoose(undefined, 'G')).toBeGreaterThan(0);
  });

  it('does not treat hex or exponent text as numbers', () => {
    expect(compareNumericLoose('0x10', '2')).toBeGreaterThan(0);
    expect(compareNumericLoose('1e3', '2')).toBeGreaterThan(0);
  });

  it('treats NaN like a missing value', () => {
    expect(compareNumericLoose(Number.NaN, 5)).toBeGreaterThan(0);
    expect(compareNumericLoose(Number.NaN, null)).toBe(0);
  });

  it('reverses values but keeps blanks last when descending', () => {
    const prices = [null, 500, 100, 'On request'];
    expect([...prices].sort((a, b) => compareNumericLoose(a, b, 'desc'))).toEqual(['On request', 500, 100, null]);
  });

  it('mixes numbers and numeric text', () => {
    expect(compareNumericLoose(5, '10')).toBeLessThan(0);
    expect(compareNumericLoose('5', 5)).toBe(0);
  });
});
