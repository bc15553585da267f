import { describe, expect, it } from 'vitest';
import { checkFloor, checkNumber, numberFieldSchema, PRICE_MAX, saleAmountSchema, SALE_AMOUNT_MAX } from './numbers';
import { normaliseUnitInput } from './unit-input';
import { validateImportRows } from './csv';

describe('checkNumber', () => {
  it('refuses numbers no real unit has, and the ones that are not finite, each with its field message', () => {
    expect(checkNumber('price', 1e308)).toEqual({
      ok: false,
      message: 'Price must be at most 10,000,000,000',
    });
    expect(checkNumber('price', '1e308')).toEqual({
      ok: false,
      message: 'Price must be at most 10,000,000,000',
    });
    expect(checkNumber('price', PRICE_MAX + 0.01)).toMatchObject({ ok: false });
    expect(checkNumber('area', 1_000_000.01)).toEqual({
      ok: false,
      message: 'Area must be at most 1,000,000',
    });
    expect(checkNumber('size', 2e6)).toEqual({
      ok: false,
      message: 'Size must be at most 1,000,000',
    });
    expect(checkNumber('bedrooms', 101)).toEqual({
      ok: false,
      message: 'Bedrooms must be at most 100',
    });
    expect(checkNumber('bathrooms', 100.5)).toEqual({
      ok: false,
      message: 'Bathrooms must be at most 100',
    });
    expect(checkNumber('totalAmount', SALE_AMOUNT_MAX * 2)).toEqual({
      ok: false,
      message: 'Total amount must be at most 10,000,000,000',
    });
    for (const raw of [Number.POSITIVE_INFINITY, Number.NaN, 'Infinity', 'NaN', '0x10', '0b1', '1,000', -1, '-0.01', true, {}, [1]]) {
      expect(checkNumber('price', raw), String(raw)).toEqual({
        ok: false,
        message: 'Price must be a number of 0 or more',
      });
    }
  });

  it('accepts the maxima themselves, numeric text, exponents as spreadsheets write them, and reads -0 as 0', () => {
    expect(checkNumber('price', PRICE_MAX)).toEqual({
      ok: true,
      value: PRICE_MAX,
    });
    expect(checkNumber('price', ' 1.5E+06 ')).toEqual({
      ok: true,
      value: 1_500_000,
    });
    expect(checkNumber('area', '512.345')).toEqual({ ok: true, value: 512.35 });
    expect(checkNumber('bathrooms', 2.5)).toEqual({ ok: true, value: 2.5 });
    expect(Object.is((checkNumber('bedrooms', -0) as { value: number }).value, 0)).toBe(true);
    expect(Object.is((checkNumber('price', -0) as { value: number }).value, 0)).toBe(true);
    expect(checkNumber('price', '')).toEqual({ ok: true, value: null });
    expect(checkNumber('price', undefined)).toEqual({
      ok: true,
      value: undefined,
    });
  });

  it('keeps the steps: whole bedrooms, half bathrooms', () => {
    expect(checkNumber('bedrooms', 1.5)).toEqual({
      ok: false,
      message: 'Bedrooms must be a whole number of 0 or more',
    });
    expect(checkNumber('bathrooms', 1.25)).toEqual({
      ok: false,
      message: 'Bathrooms must be 0 or more, in steps of 0.5',
    });
  });
});

describe('checkFloor', () => {
  it('bounds a floor written as a whole number and leaves named floors alone', () => {
    expect(checkFloor('300')).toBeNull();
    expect(checkFloor('-10')).toBeNull();
    expect(checkFloor('301')).toBe('Floor must be between -10 and 300 when it is a number');
    expect(checkFloor('-11')).not.toBeNull();
    expect(checkFloor('99999999999999999999')).not.toBeNull();
    expect(checkFloor('G')).toBeNull();
    expect(checkFloor('2.5')).toBeNull();
  });
});

describe('the unit rule uses them', () => {
  it('refuses a price of 1e308 on its field instead of storing Infinity', () => {
    expect(normaliseUnitInput({ unitNumber: 'A1', price: 1e308 }).errors).toEqual([{ field: 'price', message: 'Price must be at most 10,000,000,000' }]);
    expect(normaliseUnitInput({ floor: '1000' }, { partial: true }).errors).toEqual([
      {
        field: 'floor',
        message: 'Floor must be between -10 and 300 when it is a number',
      },
    ]);
  });

  it('refuses a CSV row with a huge price by its row number, instead of importing it without a price', () => {
    const result = validateImportRows([
      {
        unitNumber: 'A1',
        unitType: 'Studio',
        floor: '1',
        price: '900000',
        area: '500',
      },
      {
        unitNumber: 'A2',
        unitType: 'Studio',
        floor: '1',
        price: '1e308',
        area: '500',
      },
    ]);
    expect(result.units.map((unit) => unit.unitNumber)).toEqual(['A1']);
    expect(result.problems).toEqual([
      {
        row: 3,
        field: 'price',
        message: 'Price must be at most 10,000,000,000',
      },
    ]);
  });
});

describe('the zod forms', () => {
  it('give the same messages as the rule', () => {
    expect(numberFieldSchema('price').safeParse(1e308).error?.issues[0].message).toBe('Price must be at most 10,000,000,000');
    expect(numberFieldSchema('price').parse('')).toBeNull();
    expect(saleAmountSchema('paidAmount').safeParse(-1).error?.issues[0].message).toBe('Paid amount must be a number of 0 or more');
    expect(saleAmountSchema('totalAmount').parse(1234.567)).toBe(1234.57);
  });
});
