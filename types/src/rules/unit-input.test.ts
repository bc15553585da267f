import { describe, expect, it } from 'vitest';
import { normaliseUnitInput, UNIT_INPUT_MESSAGES } from './unit-input';

const fields = (raw: unknown, partial = false) => normaliseUnitInput(raw, { partial }).errors.map((error) => error.field);

describe('normaliseUnitInput', () => {
  it('requires a unit number on create and defaults status to available and available to true', () => {
    expect(normaliseUnitInput({}).errors).toEqual([{ field: 'unitNumber', message: UNIT_INPUT_MESSAGES.unitNumberRequired }]);
    expect(normaliseUnitInput({ unitNumber: ' 101 ' }).value).toEqual({ unitNumber: '101', status: 'available', available: true });
  });

  it('checks only the given fields on an edit, but refuses blanking the unit number', () => {
    expect(normaliseUnitInput({ price: 5 }, { partial: true })).toEqual({ value: { price: 5 }, errors: [] });
    expect(fields({ unitNumber: '  ' }, true)).toEqual(['unitNumber']);
  });

  it('sends empty numbers as null and rounds area to two decimals', () => {
    const { value, errors } = normaliseUnitInput({ unitNumber: 'A1', price: '', area: '1234.567', bedrooms: null, bathrooms: '2.5' });
    expect(errors).toEqual([]);
    expect(value).toMatchObject({ price: null, area: 1234.57, bedrooms: null, bathrooms: 2.5 });
  });

  it.each([
    [{ price: -1 }, 'price'],
    [{ price: 'abc' }, 'price'],
    [{ area: -0.01 }, 'area'],
    [{ bedrooms: 1.5 }, 'bedrooms'],
    [{ bedrooms: -1 }, 'bedrooms'],
    [{ bathrooms: 1.25 }, 'bathrooms'],
    [{ status: 'demolished' }, 'status'],
    [{ status: { $ne: 'sold' } }, 'status'],
    [{ available: 'yes' }, 'available'],
    [{ unitNumber: { $gt: '' } }, 'unitNumber'],
    [{ unitNumber: 'x'.repeat(61) }, 'unitNumber'],
  ])('refuses %j on its field', (raw, field) => {
    expect(fields(raw, true)).toEqual([field]);
  });

  it('refuses fields that have their own routes or are not the client’s to set', () => {
    expect(fields({ unitNumber: '1', archived: true, saleDetails: {}, projectId: 9, images: [], id: 3, __proto__: { x: 1 } }).sort()).toEqual(
      ['archived', 'id', 'images', 'projectId', 'saleDetails'].sort(),
    );
  });

  it('stores features given as a list as one comma-separated text', () => {
    expect(normaliseUnitInput({ unitNumber: '1', features: [' Balcony', 'Pool ', ''] }).value.features).toBe('Balcony, Pool');
  });

  it('keeps a numeric floor as text', () => {
    expect(normaliseUnitInput({ unitNumber: '1', floor: 12 }).value.floor).toBe('12');
  });
});
