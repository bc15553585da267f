import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, isSixDigitCode, isValidEmail, maskPhone, normalisePhone, validateCreateUser } from './validation';

const valid = {
  email: 'agent@example.com',
  password: 'Str0ng!pw',
  confirmPassword: 'Str0ng!pw',
  firstName: 'Amal',
  lastName: 'Haddad',
};

describe('isValidEmail', () => {
  it('accepts ordinary addresses', () => {
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('first.last+tag@mail.example.ae')).toBe(true);
    expect(isValidEmail('  agent@example.com  ')).toBe(true);
  });

  it('rejects addresses missing a part or containing spaces', () => {
    for (const email of ['', 'agent', 'agent@', '@example.com', 'agent@example', 'a b@example.com', 'a@b@c.com', null, undefined]) {
      expect(isValidEmail(email)).toBe(false);
    }
  });

  it('exposes the pattern for form schemas', () => {
    expect(EMAIL_PATTERN.test('x@y.z')).toBe(true);
  });
});

describe('validateCreateUser', () => {
  it('accepts a complete, valid form', () => {
    expect(validateCreateUser(valid)).toEqual([]);
  });

  it('does not require the last name', () => {
    expect(validateCreateUser({ ...valid, lastName: '' })).toEqual([]);
  });

  it('flags each missing required field with the spec message', () => {
    expect(validateCreateUser({})).toEqual([
      { field: 'email', message: 'All required fields must be filled' },
      { field: 'password', message: 'All required fields must be filled' },
      { field: 'confirmPassword', message: 'All required fields must be filled' },
      { field: 'firstName', message: 'All required fields must be filled' },
    ]);
  });

  it('treats a blank first name as missing', () => {
    expect(validateCreateUser({ ...valid, firstName: '   ' })).toEqual([{ field: 'firstName', message: 'All required fields must be filled' }]);
  });

  it('rejects an invalid email', () => {
    expect(validateCreateUser({ ...valid, email: 'agent@example' })).toEqual([{ field: 'email', message: 'Please enter a valid email address' }]);
  });

  it('lists every unmet password rule on the password field', () => {
    expect(validateCreateUser({ ...valid, password: 'short', confirmPassword: 'short' })).toEqual([
      { field: 'password', message: 'Password must be at least 8 characters long' },
      { field: 'password', message: 'Password must contain at least one uppercase letter' },
      { field: 'password', message: 'Password must contain at least one number' },
      { field: 'password', message: 'Password must contain at least one special character' },
    ]);
  });

  it('rejects a confirmation that differs', () => {
    expect(validateCreateUser({ ...valid, confirmPassword: 'Str0ng!pW' })).toEqual([{ field: 'confirmPassword', message: 'Passwords do not match' }]);
  });

  it('reports independent problems together', () => {
    const errors = validateCreateUser({
      email: 'nope',
      password: 'Str0ng!pw',
      confirmPassword: 'other',
      firstName: '',
    });
    expect(errors).toEqual([
      { field: 'firstName', message: 'All required fields must be filled' },
      { field: 'email', message: 'Please enter a valid email address' },
      { field: 'confirmPassword', message: 'Passwords do not match' },
    ]);
  });
});

describe('normalisePhone', () => {
  it('adds the leading + when missing', () => {
    expect(normalisePhone('97455123456')).toEqual({ ok: true, phone: '+97455123456' });
  });

  it('removes spaces, dashes, parentheses and dots', () => {
    expect(normalisePhone('+974 5512-3456')).toEqual({ ok: true, phone: '+97455123456' });
    expect(normalisePhone('(971) 50.123.4567')).toEqual({ ok: true, phone: '+971501234567' });
  });

  it('strips leading zeros, so a 00 international prefix works', () => {
    expect(normalisePhone('00971501234567')).toEqual({ ok: true, phone: '+971501234567' });
    expect(normalisePhone('+0971501234567')).toEqual({ ok: true, phone: '+971501234567' });
  });

  it('rejects an empty number with the spec message', () => {
    expect(normalisePhone('')).toEqual({ ok: false, error: 'Please enter a valid phone number' });
    expect(normalisePhone('   ')).toEqual({ ok: false, error: 'Please enter a valid phone number' });
    expect(normalisePhone(null)).toEqual({ ok: false, error: 'Please enter a valid phone number' });
    expect(normalisePhone('0000')).toEqual({ ok: false, error: 'Please enter a valid phone number' });
  });

  it('requires 8 to 15 digits', () => {
    expect(normalisePhone('1234567')).toEqual({ ok: false, error: 'Please enter a valid phone number' });
    expect(normalisePhone('12345678')).toEqual({ ok: true, phone: '+12345678' });
    expect(normalisePhone('123456789012345')).toEqual({ ok: true, phone: '+123456789012345' });
    expect(normalisePhone('1234567890123456')).toEqual({ ok: false, error: 'Please enter a valid phone number' });
  });

  it('rejects letters and misplaced plus signs', () => {
    expect(normalisePhone('+974 55 CALL ME').ok).toBe(false);
    expect(normalisePhone('++97455123456').ok).toBe(false);
    expect(normalisePhone('9745512+3456').ok).toBe(false);
  });
});

describe('maskPhone', () => {
  it('shows six asterisks and the last 4 digits', () => {
    expect(maskPhone('+97455121234')).toBe('******1234');
    expect(maskPhone('+974 5512 1234')).toBe('******1234');
  });

  it('copes with short or missing numbers', () => {
    expect(maskPhone('12')).toBe('******12');
    expect(maskPhone(null)).toBe('******');
  });
});

describe('isSixDigitCode', () => {
  it('accepts exactly six digits', () => {
    expect(isSixDigitCode('123456')).toBe(true);
    expect(isSixDigitCode('000000')).toBe(true);
  });

  it('rejects anything else', () => {
    for (const code of ['12345', '1234567', '12345a', ' 123456', '١٢٣٤٥٦', '', null, undefined]) {
      expect(isSixDigitCode(code)).toBe(false);
    }
  });
});
