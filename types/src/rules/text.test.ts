import { describe, expect, it } from 'vitest';
import { controlCharacterProblem, hasControlCharacters, multiLineTextSchema, singleLineTextSchema } from './text';
import { normaliseUnitInput } from './unit-input';

const C0 = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code));

describe('control characters', () => {
  it('refuses every C0 control and DEL in a single-line text', () => {
    for (const control of [...C0, '\u007f']) expect(hasControlCharacters(`A${control}1`), control.charCodeAt(0).toString(16)).toBe(true);
    expect(hasControlCharacters('Marina Tower — برج المارينا ✓')).toBe(false);
  });

  it('lets a multi-line text keep LF, CR and TAB, and nothing else', () => {
    expect(hasControlCharacters('line one\r\nline two\tend', 'multi-line')).toBe(false);
    for (const control of [...C0.filter((c) => !'\t\n\r'.includes(c)), '\u007f']) expect(hasControlCharacters(`a${control}b`, 'multi-line')).toBe(true);
  });

  it('names the field in its message', () => {
    expect(controlCharacterProblem('A\n1', 'Unit number')).toBe('Unit number must be a single line without control characters');
    expect(controlCharacterProblem('a\u0000b', 'Description', 'multi-line')).toBe(
      'Description must not contain control characters other than line breaks and tabs',
    );
  });

  it('is applied to every text of a unit', () => {
    const { errors } = normaliseUnitInput({
      unitNumber: 'A\r\n1',
      name: 'N\u0000',
      unitType: 'S\u0007',
      floor: '1\t',
      view: 'Sea\u007f',
      features: 'Balcony\nPool',
      description: 'Two\nlines\u0000',
    });
    expect(errors.map((error) => error.field)).toEqual(['unitNumber', 'name', 'unitType', 'floor', 'view', 'description', 'features']);
    expect(normaliseUnitInput({ unitNumber: 'A1', description: 'Two\r\nlines\tok' }).errors).toEqual([]);
  });

  it('is what the exported zod schemas check', () => {
    expect(singleLineTextSchema('Name', 200).safeParse('Marina\nTower').error?.issues[0].message).toBe('Name must be a single line without control characters');
    expect(singleLineTextSchema('Name', 200).parse('  Marina Tower ')).toBe('Marina Tower');
    expect(multiLineTextSchema('Description', 5000).parse('a\nb')).toBe('a\nb');
    expect(multiLineTextSchema('Description', 5000).safeParse('a\u0000b').success).toBe(false);
  });
});
