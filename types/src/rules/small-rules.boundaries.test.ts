import { describe, expect, it } from 'vitest';
import { batchUnitNumbers, type BatchInput } from './batch';
import { currencyFor, formatPrice } from './format';
import { utf8ByteLength } from './password';
import { projectRegions } from './region';
import { createSeededRandom } from './seeded-random';
import { groupUnitsByType } from './unit-type-groups';
import { isValidEmail, maskPhone, validateCreateUser } from './validation';

// Edges of the small rules that their own test files leave open, each named by the rule it holds.

describe('currency and regions read visibleTo loosely', () => {
  it('takes QAR for a doha entry with spaces or capitals, and skips entries that are not text', () => {
    expect(currencyFor([' Doha '])).toBe('QAR');
    expect(currencyFor([7, null, 'DOHA'] as unknown as string[])).toBe('QAR');
    expect(currencyFor([7, null] as unknown as string[])).toBe('AED');
    expect(formatPrice(0, ['doha'])).toBe('QAR 0');
  });

  it('places a project by visibility when it has no location, skipping entries that are not text', () => {
    expect(projectRegions({ location: null, visibleTo: [null, ' Dubai '] as unknown as string[] })).toEqual({ dubai: true, doha: false });
  });
});

describe('groupUnitsByType', () => {
  it("puts 'Unspecified' last even after types that sort after it, wherever the blank units come in the list", () => {
    const types = (units: { unitType: string | null }[]) => groupUnitsByType(units).map((group) => group.type);
    expect(types([{ unitType: '' }, { unitType: 'Villa' }, { unitType: 'Apartment' }, { unitType: null }])).toEqual(['Apartment', 'Villa', 'Unspecified']);
    expect(types([{ unitType: 'Villa' }, { unitType: ' ' }, { unitType: 'Zen Loft' }])).toEqual(['Villa', 'Zen Loft', 'Unspecified']);
  });
});

describe('isValidEmail (spec §5: something@something.something, no spaces)', () => {
  it.each(['a@b.c d', 'a@b.c@d', 'a b@c.d', 'a@b c.d', 'a@.', '@b.c', 'a@b.'])('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it.each(['a@b.c', ' a@b.c ', 'first.last@sub.example.co'])('accepts %j', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
});

describe('validateCreateUser', () => {
  it('reports a blank password as required only, not as a mismatch with its confirmation', () => {
    expect(validateCreateUser({ email: 'a@b.c', firstName: 'A', password: ' ', confirmPassword: 'Secret-123!' })).toEqual([
      { field: 'password', message: 'All required fields must be filled' },
    ]);
  });
});

describe('maskPhone', () => {
  it('keeps the last four digits, ignoring separators after them', () => {
    expect(maskPhone('+971 (50) 123-45 67 ')).toBe('******4567');
  });
});

describe('utf8ByteLength', () => {
  it.each(['\u007f', '\u0080', '\u07ff', '\u0800', '\uffff', '\u{10000}', 'aé€😀'])('counts %j as UTF-8 does', (text) => {
    expect(utf8ByteLength(text)).toBe(new TextEncoder().encode(text).length);
  });
});

describe('createSeededRandom (Mulberry32)', () => {
  it('gives the reference sequence, so every fresh demo database holds the same data', () => {
    const random = createSeededRandom(1);
    expect([random(), random(), random()]).toEqual([0.6270739405881613, 0.002735721180215478, 0.5274470399599522]);
  });
});

describe('batchUnitNumbers', () => {
  it('leaves the middle text out of the MIDDLE format (prefix, number, suffix)', () => {
    const input: BatchInput = { count: 2, start: 9, format: 'MIDDLE', prefix: 'T', middle: 'X', suffix: 'B', sequence: 'numeric' };
    expect(batchUnitNumbers(input)).toEqual(['T9B', 'T10B']);
  });
});
