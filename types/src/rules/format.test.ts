import { describe, expect, it } from 'vitest';
import { currencyFor, formatArea, formatLocation, formatPrice, roundTo2 } from './format';

describe('currencyFor', () => {
  it('uses QAR when the project is visible to doha', () => {
    expect(currencyFor(['doha'])).toBe('QAR');
    expect(currencyFor(['dubai', 'doha'])).toBe('QAR');
    expect(currencyFor(['Doha'])).toBe('QAR');
  });

  it('uses AED otherwise', () => {
    expect(currencyFor(['dubai'])).toBe('AED');
    expect(currencyFor([])).toBe('AED');
    expect(currencyFor(null)).toBe('AED');
    expect(currencyFor(undefined)).toBe('AED');
  });
});

describe('roundTo2', () => {
  it('rounds to 2 decimals, half away from zero', () => {
    expect(roundTo2(1.234)).toBe(1.23);
    expect(roundTo2(1.235)).toBe(1.24);
    expect(roundTo2(-1.235)).toBe(-1.24);
    expect(roundTo2(2)).toBe(2);
  });

  it('rounds binary-awkward halves the way people expect', () => {
    expect(roundTo2(1.005)).toBe(1.01);
    expect(roundTo2(0.1 + 0.2)).toBe(0.3);
    expect(roundTo2(1234.565)).toBe(1234.57);
  });

  it('never returns negative zero', () => {
    expect(Object.is(roundTo2(-0.001), 0)).toBe(true);
  });

  it('passes non-finite numbers through', () => {
    expect(roundTo2(Number.NaN)).toBeNaN();
    expect(roundTo2(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('formatPrice', () => {
  it('formats with the currency and en-US grouping', () => {
    expect(formatPrice(1250000, ['dubai'])).toBe('AED 1,250,000');
    expect(formatPrice(1250000, ['doha'])).toBe('QAR 1,250,000');
    expect(formatPrice(999, [])).toBe('AED 999');
  });

  it('shows two decimals only when there are cents', () => {
    expect(formatPrice(1250000.5, ['dubai'])).toBe('AED 1,250,000.50');
    expect(formatPrice(1999.999, ['dubai'])).toBe('AED 2,000');
    expect(formatPrice(10.126, ['dubai'])).toBe('AED 10.13');
  });

  it('reads Price on Request when the price is absent or not a finite number', () => {
    expect(formatPrice(null, ['dubai'])).toBe('Price on Request');
    expect(formatPrice(undefined, ['dubai'])).toBe('Price on Request');
    expect(formatPrice(Number.NaN, ['dubai'])).toBe('Price on Request');
    expect(formatPrice(Number.POSITIVE_INFINITY, ['dubai'])).toBe('Price on Request');
  });

  it('shows a zero price as a price', () => {
    expect(formatPrice(0, ['doha'])).toBe('QAR 0');
  });

  it('defaults to AED without visibility', () => {
    expect(formatPrice(5)).toBe('AED 5');
  });
});

describe('formatArea', () => {
  it('shows two decimals and sqft', () => {
    expect(formatArea(1234.5)).toBe('1,234.50 sqft');
    expect(formatArea(850)).toBe('850.00 sqft');
    expect(formatArea(0)).toBe('0.00 sqft');
    expect(formatArea(99.999)).toBe('100.00 sqft');
  });

  it('returns null when there is no area', () => {
    expect(formatArea(null)).toBeNull();
    expect(formatArea(undefined)).toBeNull();
    expect(formatArea(Number.NaN)).toBeNull();
  });
});

describe('formatLocation', () => {
  it('shows the location trimmed', () => {
    expect(formatLocation(' Dubai Marina ')).toBe('Dubai Marina');
  });

  it('reads N/A when the location is empty or blank', () => {
    expect(formatLocation('')).toBe('N/A');
    expect(formatLocation('   ')).toBe('N/A');
    expect(formatLocation(null)).toBe('N/A');
    expect(formatLocation(undefined)).toBe('N/A');
  });
});
