import { describe, expect, it } from 'vitest';
import { checkFloor, checkNumber, NUMBER_MESSAGES, numberFieldSchema } from './numbers';
import { projectAccessList } from './region';
import { controlCharacterProblem, hasControlCharacters, multiLineTextSchema, singleLineTextSchema, TEXT_MESSAGES } from './text';
import { normaliseUnitInput } from './unit-input';

// Boundaries of the input rules added for issue #25 (findings 4, 7 and 10), each stated as the rule
// says it: the message a person reads, the value stored, and the edge where one turns into the other.

describe('projectAccessList', () => {
  it('reads a list as the admin chose it, empty included, and anything else as none assigned', () => {
    expect(projectAccessList([])).toEqual([]);
    expect(projectAccessList([3, 1])).toEqual([3, 1]);
    expect(projectAccessList(null)).toBeNull();
    expect(projectAccessList(undefined)).toBeNull();
    expect(projectAccessList('1,2')).toBeNull();
    expect(projectAccessList({ 0: 1 })).toBeNull();
  });

  it('keeps only real ids: whole, safe and above zero', () => {
    expect(projectAccessList([1, 0, -1, 1.5, '2', 2 ** 53, Number.NaN, 7])).toEqual([1, 7]);
    expect(projectAccessList([0])).toEqual([]);
  });
});

describe('texts and control characters', () => {
  it('checks every character, the last one included', () => {
    expect(hasControlCharacters('Tower A\u0000')).toBe(true);
    expect(hasControlCharacters('\u0000Tower A')).toBe(true);
    expect(hasControlCharacters('Tower A')).toBe(false);
    expect(hasControlCharacters('')).toBe(false);
  });

  it('lets a multi-line text keep TAB, LF and CR, and nothing else below a space', () => {
    expect(hasControlCharacters('a\tb\nc\rd', 'multi-line')).toBe(false);
    expect(hasControlCharacters('a\u000bb', 'multi-line')).toBe(true);
    expect(hasControlCharacters('a\u007fb', 'multi-line')).toBe(true);
    expect(controlCharacterProblem('a\nb', 'Notes', 'multi-line')).toBeNull();
    expect(controlCharacterProblem('a\u0000b', 'Notes', 'multi-line')).toBe(TEXT_MESSAGES.multiLine('Notes'));
  });

  it('gives each schema its messages: not text, too long, control characters', () => {
    const single = singleLineTextSchema('Property Name', 5);
    expect(single.safeParse(5).error?.issues[0].message).toBe('Property Name must be text');
    expect(single.safeParse('abcdef').error?.issues[0].message).toBe('Property Name must be text of at most 5 characters');
    expect(single.safeParse('ab\ncd').error?.issues[0].message).toBe(TEXT_MESSAGES.singleLine('Property Name'));
    expect(single.parse(' abc ')).toBe('abc');
    const multi = multiLineTextSchema('Description', 5);
    expect(multi.safeParse(5).error?.issues[0].message).toBe('Description must be text');
    expect(multi.safeParse('abcdef').error?.issues[0].message).toBe('Description must be text of at most 5 characters');
    expect(multi.safeParse('a\u0000').error?.issues[0].message).toBe(TEXT_MESSAGES.multiLine('Description'));
    expect(multi.parse('a\nb')).toBe('a\nb');
  });
});

describe('unit texts name their field in the control-character message', () => {
  it.each([
    ['unitNumber', 'Unit number'],
    ['name', 'Name'],
    ['unitType', 'Unit type'],
    ['floor', 'Floor'],
    ['view', 'View'],
    ['features', 'Features'],
  ])('refuses a line break in %s as "%s"', (field, label) => {
    const { errors } = normaliseUnitInput({ unitNumber: 'A1', [field]: 'x\ny' }, { partial: true });
    expect(errors).toContainEqual({ field, message: TEXT_MESSAGES.singleLine(label) });
  });

  it('lets the description keep its line breaks, and names it for a NUL', () => {
    expect(normaliseUnitInput({ unitNumber: 'A1', description: 'x\ny' }).value.description).toBe('x\ny');
    expect(normaliseUnitInput({ unitNumber: 'A1', description: 'x\u0000y' }).errors).toContainEqual({
      field: 'description',
      message: TEXT_MESSAGES.multiLine('Description'),
    });
  });

  it('stores a finite number given for a text as its text, and leaves an absent text out', () => {
    const { value } = normaliseUnitInput({ unitNumber: 1204, floor: 12 });
    expect(value).toMatchObject({ unitNumber: '1204', floor: '12' });
    expect('view' in value).toBe(false);
  });

  it('joins a features list and refuses a list that is not all texts', () => {
    expect(normaliseUnitInput({ unitNumber: 'A1', features: [' Pool ', 'Gym', ''] }).value.features).toBe('Pool, Gym');
    expect(normaliseUnitInput({ unitNumber: 'A1', features: ['Pool', 3] }).errors.map((error) => error.field)).toContain('features');
  });

  it('refuses a numeric floor out of range and accepts a named one', () => {
    expect(normaliseUnitInput({ unitNumber: 'A1', floor: '301' }).errors).toContainEqual({ field: 'floor', message: NUMBER_MESSAGES.floorRange });
    expect(normaliseUnitInput({ unitNumber: 'A1', floor: 'G' }).value.floor).toBe('G');
  });

  it('requires a unit number on create, and on an edit only when it is sent', () => {
    expect(normaliseUnitInput({}).errors.map((error) => error.field)).toContain('unitNumber');
    expect(normaliseUnitInput({}, { partial: true }).errors).toEqual([]);
    expect(normaliseUnitInput({ unitNumber: '  ' }, { partial: true }).errors.map((error) => error.field)).toContain('unitNumber');
  });

  it('keeps a valid number and leaves an absent one out', () => {
    const { value } = normaliseUnitInput({ unitNumber: 'A1', price: 0, bedrooms: 2 }, { partial: true });
    expect(value).toMatchObject({ price: 0, bedrooms: 2 });
    expect('area' in value).toBe(false);
  });
});

describe('numbers', () => {
  it('reads decimal text as a person types it, exponents included, and nothing else', () => {
    expect(checkNumber('price', '1.5E+06')).toEqual({ ok: true, value: 1_500_000 });
    expect(checkNumber('price', ' +12.50 ')).toEqual({ ok: true, value: 12.5 });
    expect(checkNumber('price', '.5')).toEqual({ ok: true, value: 0.5 });
    expect(checkNumber('price', '5.')).toEqual({ ok: true, value: 5 });
    for (const text of ['0x10', '0b1', 'Infinity', '1,000', '.', '.e1', '*5', '5 5', 'e5', '.x']) {
      expect(checkNumber('price', text)).toEqual({ ok: false, message: 'Price must be a number of 0 or more' });
    }
  });

  it('gives each field its own invalid message', () => {
    expect(checkNumber('area', -1)).toEqual({ ok: false, message: 'Area must be a number of 0 or more' });
    expect(checkNumber('totalAmount', -1)).toEqual({ ok: false, message: 'Total amount must be a number of 0 or more' });
    expect(checkNumber('paidAmount', -1)).toEqual({ ok: false, message: 'Paid amount must be a number of 0 or more' });
    expect(NUMBER_MESSAGES.tooLarge('paidAmount')).toBe('Paid amount must be at most 10,000,000,000');
  });

  it('stores -0 as 0 and keeps whole and half steps exact', () => {
    const stored = (check: ReturnType<typeof checkNumber>) => (check.ok ? check.value : undefined);
    expect(Object.is(stored(checkNumber('bedrooms', -0)), 0)).toBe(true);
    expect(Object.is(stored(checkNumber('bathrooms', -0)), 0)).toBe(true);
    expect(checkNumber('bedrooms', 3)).toEqual({ ok: true, value: 3 });
    expect(checkNumber('bathrooms', 2.5)).toEqual({ ok: true, value: 2.5 });
    expect(checkNumber('area', 10.006)).toEqual({ ok: true, value: 10.01 });
  });

  it('reads a whole-number floor with spaces or a sign, and leaves named floors alone', () => {
    expect(checkFloor(' 301 ')).toBe(NUMBER_MESSAGES.floorRange);
    expect(checkFloor('+12')).toBeNull();
    expect(checkFloor('-11')).toBe(NUMBER_MESSAGES.floorRange);
    expect(checkFloor('12A')).toBeNull();
    expect(checkFloor('A12')).toBeNull();
  });

  it('gives the schema the rule: absent reads as empty, a refusal carries the message', () => {
    const schema = numberFieldSchema('price');
    expect(schema.parse(undefined)).toBeNull();
    expect(schema.parse('12')).toBe(12);
    expect(schema.safeParse(-1).error?.issues[0].message).toBe('Price must be a number of 0 or more');
  });
});
