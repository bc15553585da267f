import { describe, expect, it } from 'vitest';
import { normaliseUnitInput, UNIT_INPUT_MESSAGES } from './unit-input';

// The edges of each rule of the unit form (spec §5, §10): the value just inside is kept, the one
// just outside is refused with its own message.
const edit = (raw: Record<string, unknown>) => normaliseUnitInput(raw, { partial: true });

describe('normaliseUnitInput: numbers at their edges', () => {
  it.each(['price', 'area', 'size', 'bedrooms', 'bathrooms'])('accepts %s 0, as a number or as text (min 0 includes 0)', (field) => {
    expect(edit({ [field]: 0 })).toEqual({ value: { [field]: 0 }, errors: [] });
    expect(edit({ [field]: ' 0 ' })).toEqual({ value: { [field]: 0 }, errors: [] });
  });

  it.each([
    ['price', -0.01, UNIT_INPUT_MESSAGES.price],
    ['area', -0.01, UNIT_INPUT_MESSAGES.area],
    ['size', -0.01, UNIT_INPUT_MESSAGES.size],
    ['bedrooms', -1, UNIT_INPUT_MESSAGES.bedrooms],
    ['bathrooms', -0.5, UNIT_INPUT_MESSAGES.bathrooms],
  ])('refuses %s just below 0 (%d) with its message', (field, number, message) => {
    expect(edit({ [field]: number })).toEqual({ value: {}, errors: [{ field, message }] });
  });

  it.each(['price', 'area', 'size', 'bedrooms', 'bathrooms'])('refuses an infinite or non-numeric %s', (field) => {
    for (const raw of [Number.POSITIVE_INFINITY, 'Infinity', '1e400', Number.NaN, 'ten', true, [1], { $gt: 0 }]) {
      expect(
        edit({ [field]: raw }).errors.map((error) => error.field),
        `${field} ${String(raw)}`,
      ).toEqual([field]);
    }
  });

  it('keeps whole bedrooms and half-step bathrooms, and rounds the other numbers to 2 decimals', () => {
    expect(edit({ bedrooms: '3', bathrooms: '1.5', price: '1000.005', area: 12.344, size: '99.999' })).toEqual({
      value: { bedrooms: 3, bathrooms: 1.5, price: 1000.01, area: 12.34, size: 100 },
      errors: [],
    });
    expect(edit({ size: 'big' }).errors).toEqual([{ field: 'size', message: 'Size must be a number of 0 or more' }]);
  });

  it('sends a blank number as null and drops an absent one', () => {
    expect(edit({ size: '  ', bedrooms: null })).toEqual({ value: { size: null, bedrooms: null }, errors: [] });
    expect(edit({ size: undefined })).toEqual({ value: {}, errors: [] });
  });
});

describe('normaliseUnitInput: texts at their length limits', () => {
  it.each([
    ['unitNumber', 60],
    ['name', 200],
    ['unitType', 80],
    ['floor', 20],
    ['view', 120],
    ['description', 5000],
    ['features', 2000],
  ])('accepts %s of exactly %i characters and refuses one more', (field, max) => {
    expect(edit({ [field]: 'x'.repeat(max) })).toEqual({ value: { [field]: 'x'.repeat(max) }, errors: [] });
    // Surrounding spaces do not count: the text is trimmed before it is measured.
    expect(edit({ [field]: ` ${'x'.repeat(max)} ` }).errors).toEqual([]);
    expect(edit({ [field]: 'x'.repeat(max + 1) })).toEqual({
      value: {},
      errors: [{ field, message: `${field} must be text of at most ${max} characters` }],
    });
  });

  it('refuses a text field given as something other than text or a number', () => {
    for (const raw of [true, { $ne: '' }, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(edit({ view: raw }).errors, String(raw)).toEqual([{ field: 'view', message: 'view must be text of at most 120 characters' }]);
    }
    expect(edit({ description: ['a', 'b'] }).errors.map((error) => error.field)).toEqual(['description']);
  });

  it('clears a blank optional text to null, and keeps null as null', () => {
    expect(edit({ view: '   ', name: null })).toEqual({ value: { view: null, name: null }, errors: [] });
  });

  it('joins a features list only for features, and drops its blank entries after trimming', () => {
    expect(edit({ features: [' Pool ', ' ', 'Gym'] }).value).toEqual({ features: 'Pool, Gym' });
    expect(edit({ features: [] }).value).toEqual({ features: null });
  });
});

describe('normaliseUnitInput: the unit number', () => {
  it('reports a unit number that is too long once, as too long, not also as required', () => {
    expect(normaliseUnitInput({ unitNumber: 'x'.repeat(61) }).errors).toEqual([
      { field: 'unitNumber', message: 'unitNumber must be text of at most 60 characters' },
    ]);
  });

  it('requires it on create even when blank or null, and accepts a number', () => {
    for (const unitNumber of ['  ', null]) {
      expect(normaliseUnitInput({ unitNumber }).errors).toEqual([{ field: 'unitNumber', message: 'Unit number is required' }]);
    }
    expect(normaliseUnitInput({ unitNumber: 101 }).value.unitNumber).toBe('101');
  });

  it('refuses a payload that is not an object as one with no unit number', () => {
    for (const raw of [null, 'A-1', ['A-1'], 7]) {
      expect(normaliseUnitInput(raw).errors, JSON.stringify(raw)).toEqual([{ field: 'unitNumber', message: 'Unit number is required' }]);
    }
  });
});
