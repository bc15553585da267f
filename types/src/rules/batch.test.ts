import { describe, expect, it } from 'vitest';
import {
  batchFloors,
  batchPreview,
  batchUnitNumbers,
  batchUnits,
  clampBatchCount,
  clampBatchStart,
  isUnitNumberFormat,
  toAlphabeticSequence,
  validateBatch,
  type BatchInput,
} from './batch';

const base: BatchInput = { count: 3, start: 1, format: 'PREFIX', prefix: 'A', sequence: 'numeric' };

describe('clampBatchCount', () => {
  it('keeps the count within 1 to 50', () => {
    expect(clampBatchCount(0)).toBe(1);
    expect(clampBatchCount(-4)).toBe(1);
    expect(clampBatchCount(1)).toBe(1);
    expect(clampBatchCount(50)).toBe(50);
    expect(clampBatchCount(51)).toBe(50);
  });

  it('drops fractions and treats an emptied field (NaN) as 1', () => {
    expect(clampBatchCount(2.9)).toBe(2);
    expect(clampBatchCount(Number.NaN)).toBe(1);
    expect(clampBatchCount(Number.POSITIVE_INFINITY)).toBe(1);
  });
});

describe('clampBatchStart', () => {
  it('keeps the starting number at least 1', () => {
    expect(clampBatchStart(0)).toBe(1);
    expect(clampBatchStart(-10)).toBe(1);
    expect(clampBatchStart(101)).toBe(101);
    expect(clampBatchStart(7.5)).toBe(7);
    expect(clampBatchStart(Number.NaN)).toBe(1);
  });
});

describe('validateBatch', () => {
  it('requires a prefix for PREFIX', () => {
    expect(validateBatch({ ...base, prefix: '' })).toEqual([{ field: 'prefix', message: 'Prefix is required for the selected unit number format' }]);
    expect(validateBatch({ ...base, prefix: '  ' })).toHaveLength(1);
    expect(validateBatch(base)).toEqual([]);
  });

  it('requires a suffix for SUFFIX', () => {
    expect(validateBatch({ ...base, format: 'SUFFIX', prefix: 'A', suffix: null })).toEqual([
      { field: 'suffix', message: 'Suffix is required for the selected unit number format' },
    ]);
    expect(validateBatch({ ...base, format: 'SUFFIX', suffix: 'B' })).toEqual([]);
  });

  it('requires both prefix and suffix for MIDDLE, pointing at the missing one', () => {
    const message = 'Both prefix and suffix are required for the selected unit number format';
    expect(validateBatch({ ...base, format: 'MIDDLE', prefix: 'A', suffix: '' })).toEqual([{ field: 'suffix', message }]);
    expect(validateBatch({ ...base, format: 'MIDDLE', prefix: '', suffix: 'B' })).toEqual([{ field: 'prefix', message }]);
    expect(validateBatch({ ...base, format: 'MIDDLE', prefix: 'A', suffix: 'B' })).toEqual([]);
  });

  it('requires at least one part for CUSTOM', () => {
    expect(validateBatch({ ...base, format: 'CUSTOM', prefix: '', middle: ' ', suffix: undefined })).toEqual([
      { field: 'prefix', message: 'At least one part (prefix, middle, or suffix) is required for custom format' },
    ]);
    expect(validateBatch({ ...base, format: 'CUSTOM', prefix: '', middle: '-', suffix: '' })).toEqual([]);
    expect(validateBatch({ ...base, format: 'CUSTOM', prefix: '', suffix: 'X' })).toEqual([]);
  });

  it('checks nothing for a single unit, including a count clamped down to 1', () => {
    expect(validateBatch({ ...base, count: 1, prefix: '' })).toEqual([]);
    expect(validateBatch({ ...base, count: 0, format: 'MIDDLE', prefix: '' })).toEqual([]);
    expect(validateBatch({ ...base, count: 2, prefix: '' })).toHaveLength(1);
  });
});

describe('toAlphabeticSequence', () => {
  it('counts like spreadsheet columns', () => {
    expect([1, 2, 26, 27, 28, 52, 53, 702, 703].map(toAlphabeticSequence)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('never produces the same letters for two numbers', () => {
    const seen = new Set(Array.from({ length: 1000 }, (_, i) => toAlphabeticSequence(i + 1)));
    expect(seen.size).toBe(1000);
  });
});

describe('batchUnitNumbers', () => {
  it('composes PREFIX as prefix and sequence', () => {
    expect(batchUnitNumbers({ ...base, start: 101 })).toEqual(['A101', 'A102', 'A103']);
  });

  it('composes SUFFIX as sequence and suffix', () => {
    expect(batchUnitNumbers({ ...base, format: 'SUFFIX', suffix: 'B' })).toEqual(['1B', '2B', '3B']);
  });

  it('composes MIDDLE as prefix, sequence, suffix', () => {
    expect(batchUnitNumbers({ ...base, format: 'MIDDLE', prefix: 'T1-', suffix: '-E' })).toEqual(['T1-1-E', 'T1-2-E', 'T1-3-E']);
  });

  it('composes CUSTOM as prefix, middle, sequence, suffix, skipping empty parts', () => {
    expect(batchUnitNumbers({ ...base, format: 'CUSTOM', prefix: 'B', middle: '-0', suffix: 'S', start: 5, count: 2 })).toEqual(['B-05S', 'B-06S']);
    expect(batchUnitNumbers({ ...base, format: 'CUSTOM', prefix: '', middle: 'M', suffix: null, count: 2 })).toEqual(['M1', 'M2']);
  });

  it('ignores parts the format does not use', () => {
    expect(batchUnitNumbers({ ...base, format: 'PREFIX', prefix: 'A', middle: 'X', suffix: 'Z', count: 1 })).toEqual(['A1']);
    expect(batchUnitNumbers({ ...base, format: 'SUFFIX', prefix: 'A', suffix: 'Z', count: 1 })).toEqual(['1Z']);
  });

  it('trims the parts', () => {
    expect(batchUnitNumbers({ ...base, prefix: ' A ', count: 1 })).toEqual(['A1']);
  });

  it('uses letters for the alphabetic sequence, starting from the starting number', () => {
    expect(batchUnitNumbers({ ...base, sequence: 'alphabetic', prefix: '12', count: 3, start: 25 })).toEqual(['12Y', '12Z', '12AA']);
  });

  it('clamps the count and the start', () => {
    expect(batchUnitNumbers({ ...base, count: 500 })).toHaveLength(50);
    expect(batchUnitNumbers({ ...base, count: 0 })).toEqual(['A1']);
    expect(batchUnitNumbers({ ...base, start: -3, count: 2 })).toEqual(['A1', 'A2']);
  });

  it('produces distinct numbers for any valid batch', () => {
    for (const sequence of ['numeric', 'alphabetic'] as const) {
      const numbers = batchUnitNumbers({ ...base, count: 50, start: 20, sequence });
      expect(new Set(numbers).size).toBe(50);
    }
  });
});

describe('batchFloors', () => {
  it('increments a numeric floor per unit', () => {
    expect(batchFloors('3', 4)).toEqual(['3', '4', '5', '6']);
    expect(batchFloors(' 12 ', 2)).toEqual(['12', '13']);
    expect(batchFloors('-1', 3)).toEqual(['-1', '0', '1']);
  });

  it('repeats a non-numeric floor as entered', () => {
    expect(batchFloors('G', 3)).toEqual(['G', 'G', 'G']);
    expect(batchFloors('2.5', 2)).toEqual(['2.5', '2.5']);
    expect(batchFloors('Mezzanine', 1)).toEqual(['Mezzanine']);
  });

  it('gives null floors when none is entered', () => {
    expect(batchFloors('', 2)).toEqual([null, null]);
    expect(batchFloors(null, 2)).toEqual([null, null]);
    expect(batchFloors(undefined, 1)).toEqual([null]);
  });

  it('clamps the count like the numbers do', () => {
    expect(batchFloors('1', 80)).toHaveLength(50);
    expect(batchFloors('1', 0)).toEqual(['1']);
  });
});

describe('batchUnits', () => {
  it('pairs each unit number with its floor', () => {
    expect(batchUnits({ ...base, floor: '7', start: 701 })).toEqual([
      { unitNumber: 'A701', floor: '7' },
      { unitNumber: 'A702', floor: '8' },
      { unitNumber: 'A703', floor: '9' },
    ]);
  });
});

describe('batchPreview', () => {
  it('shows all numbers when there are at most 5', () => {
    expect(batchPreview(['1', '2', '3'])).toEqual(['1', '2', '3']);
    expect(batchPreview(['1', '2', '3', '4', '5'])).toEqual(['1', '2', '3', '4', '5']);
    expect(batchPreview([])).toEqual([]);
  });

  it('shows the first 5 then an ellipsis when there are more', () => {
    expect(batchPreview(['1', '2', '3', '4', '5', '6'])).toEqual(['1', '2', '3', '4', '5', '...']);
    expect(batchPreview(batchUnitNumbers({ ...base, count: 50 })).join(', ')).toBe('A1, A2, A3, A4, A5, ...');
  });
});

describe('isUnitNumberFormat', () => {
  it('accepts only the four formats', () => {
    expect(['PREFIX', 'SUFFIX', 'MIDDLE', 'CUSTOM', 'prefix', '', 1].map(isUnitNumberFormat)).toEqual([true, true, true, true, false, false, false]);
  });
});
