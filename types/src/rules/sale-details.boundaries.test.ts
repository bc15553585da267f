import { describe, expect, it } from 'vitest';
import { deriveSaleDetails, initialSaleDetails } from './sale-details';

const now = new Date('2025-03-01T10:00:00.000Z');
const derive = (input: Record<string, unknown>) => deriveSaleDetails(input, { price: 100, now });

describe('initialSaleDetails', () => {
  it('takes a price of 0 as the total, with 0 remaining (0 is a real price)', () => {
    expect(initialSaleDetails(0)).toMatchObject({ totalAmount: 0, paidAmount: 0, remainingAmount: 0 });
    expect(initialSaleDetails(-1)).toMatchObject({ totalAmount: null, remainingAmount: null });
  });
});

describe('deriveSaleDetails: dates', () => {
  it.each(['2024-02-29', ' 2024-05-01 ', '2024-05-01T10:00:00', '2024-05-01T10:00:00Z', '2024-05-01 10:00:00.5-05:30', '2024-05-01T10:00+0400'])(
    'accepts the ISO date %j, stored without surrounding spaces',
    (date) => {
      const { value, errors } = derive({ handoverDate: date });
      expect(errors).toEqual([]);
      expect(value.handoverDate).toBe(date.trim());
      expect(value.handoverStatus).toBe('completed');
    },
  );

  it.each([
    '2023-02-29',
    '2024-02-30',
    '2024-04-31',
    'x2024-05-01',
    '2024-05-01x',
    '2024-05-01T10:00+4:00',
    '2024-05-01T10:00*04:00',
    '2024-05-01T10:00+04:0',
    '5',
    '0050-01-01',
  ])('refuses %j as not a valid date, keeping the stored one', (date) => {
    const { value, errors } = derive({ handoverDate: date });
    expect(errors).toEqual([{ field: 'handoverDate', message: 'Handover date must be a valid date' }]);
    expect(value.handoverDate).toBeNull();
  });
});

describe('deriveSaleDetails: texts', () => {
  it('stores a numeric registration number as text, and refuses one that is not text', () => {
    expect(derive({ registrationNumber: 12345 }).value.registrationNumber).toBe('12345');
    for (const raw of [Number.NaN, true, {}]) {
      expect(derive({ registrationNumber: raw }).errors, String(raw)).toEqual([{ field: 'registrationNumber', message: 'Registration number must be text' }]);
    }
  });
});

describe('deriveSaleDetails: extra fields', () => {
  it('never keeps a field that could rewrite a prototype', () => {
    const input = JSON.parse('{"__proto__": {"x": 1}, "constructor": 1, "prototype": 2, "buyer": "Omar"}') as Record<string, unknown>;
    const { value } = derive(input);
    expect(Object.keys(value)).not.toEqual(expect.arrayContaining(['prototype']));
    expect(Object.keys(value)).not.toContain('constructor');
    expect(Object.keys(value)).not.toContain('__proto__');
    expect(value).toMatchObject({ buyer: 'Omar' });
  });
});
