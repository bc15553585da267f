import { describe, expect, it } from 'vitest';
import { checkPassword, isPasswordValid, PASSWORD_MAX_BYTES, PASSWORD_RULES, passwordErrors, utf8ByteLength } from './password';

const SPEC_MESSAGES = [
  'Password must be at least 8 characters long',
  'Password must contain at least one uppercase letter',
  'Password must contain at least one lowercase letter',
  'Password must contain at least one number',
  'Password must contain at least one special character',
];

describe('PASSWORD_RULES', () => {
  it('lists the five spec rules in spec order', () => {
    expect(PASSWORD_RULES.map((rule) => rule.id)).toEqual(['length', 'uppercase', 'lowercase', 'number', 'special']);
    expect(PASSWORD_RULES.map((rule) => rule.message)).toEqual(SPEC_MESSAGES);
  });
});

describe('checkPassword', () => {
  it('marks every rule met for a strong password', () => {
    expect(checkPassword('Str0ng!pw').every((rule) => rule.met)).toBe(true);
  });

  it('reports each rule with its label', () => {
    expect(checkPassword('abc')).toEqual([
      { id: 'length', label: 'At least 8 characters', met: false },
      { id: 'uppercase', label: 'One uppercase letter', met: false },
      { id: 'lowercase', label: 'One lowercase letter', met: true },
      { id: 'number', label: 'One number', met: false },
      { id: 'special', label: 'One special character', met: false },
    ]);
  });

  it('marks nothing met for an empty password', () => {
    expect(checkPassword('').some((rule) => rule.met)).toBe(false);
  });
});

describe('passwordErrors', () => {
  it('returns no errors for a password meeting every rule', () => {
    expect(passwordErrors('Abcdef1!')).toEqual([]);
    expect(isPasswordValid('Abcdef1!')).toBe(true);
  });

  it('returns all spec messages in order for an empty password', () => {
    expect(passwordErrors('')).toEqual(SPEC_MESSAGES);
  });

  it('reports only the rules not met', () => {
    expect(passwordErrors('abcdefg1!')).toEqual(['Password must contain at least one uppercase letter']);
    expect(passwordErrors('ABCDEFG1!')).toEqual(['Password must contain at least one lowercase letter']);
    expect(passwordErrors('Abcdefgh!')).toEqual(['Password must contain at least one number']);
    expect(passwordErrors('Abcdefgh1')).toEqual(['Password must contain at least one special character']);
    expect(passwordErrors('Abc1!xy')).toEqual(['Password must be at least 8 characters long']);
  });

  it('accepts exactly 8 characters', () => {
    expect(passwordErrors('Abcde1!x')).toEqual([]);
  });

  it('does not count a space as a special character', () => {
    expect(passwordErrors('Abcdefg 1')).toEqual(['Password must contain at least one special character']);
  });

  it('counts non-ASCII letters and symbols', () => {
    expect(passwordErrors('Élan1234€')).toEqual([]);
  });

  it('counts characters, not UTF-16 units, for the minimum length', () => {
    // Seven characters, nine UTF-16 units: still too short.
    expect(passwordErrors('Ab1!😀😀x')).toContain('Password must be at least 8 characters long');
  });

  it('rejects passwords longer than 72 UTF-8 bytes, which bcrypt would truncate', () => {
    const exactly72 = `Aa1!${'x'.repeat(68)}`;
    expect(utf8ByteLength(exactly72)).toBe(PASSWORD_MAX_BYTES);
    expect(passwordErrors(exactly72)).toEqual([]);
    expect(passwordErrors(`${exactly72}x`)).toEqual(['Password must be at most 72 bytes long']);
    // 30 characters but 4 + 26 × 3 = 82 bytes.
    expect(passwordErrors(`Aa1!${'€'.repeat(26)}`)).toEqual(['Password must be at most 72 bytes long']);
    expect(isPasswordValid(`Aa1!${'€'.repeat(26)}`)).toBe(false);
  });
});

describe('utf8ByteLength', () => {
  it('counts UTF-8 bytes per code point', () => {
    expect(utf8ByteLength('')).toBe(0);
    expect(utf8ByteLength('a')).toBe(1);
    expect(utf8ByteLength('é')).toBe(2);
    expect(utf8ByteLength('€')).toBe(3);
    expect(utf8ByteLength('😀')).toBe(4);
    expect(utf8ByteLength('\uD800')).toBe(3);
  });

  it('agrees with Buffer for a mixed string', () => {
    const text = 'Héllo wörld € 😀 مرحبا';
    expect(utf8ByteLength(text)).toBe(Buffer.byteLength(text, 'utf8'));
  });
});
