import { describe, expect, it } from 'vitest';
import { createSeededRandom } from './seeded-random';
import { HANDOVER_STATUSES, PAYMENT_STATUSES, REGISTRATION_STATUSES, type SaleDetails } from '../domain';
import { deriveSaleDetails, initialSaleDetails, isOverdue } from './sale-details';

const now = new Date('2025-03-01T10:00:00.000Z');

const prng = createSeededRandom;

describe('initialSaleDetails', () => {
  it('starts with total and remaining equal to the price and every status pending', () => {
    expect(initialSaleDetails(1500000)).toEqual({
      registrationDate: null,
      registrationNumber: null,
      registrationStatus: 'pending',
      handoverDate: null,
      handoverStatus: 'pending',
      paymentStatus: 'pending',
      totalAmount: 1500000,
      paidAmount: 0,
      remainingAmount: 1500000,
      notes: null,
      lastUpdated: null,
    });
  });

  it('rounds the price to 2 decimals', () => {
    expect(initialSaleDetails(999.999)).toMatchObject({ totalAmount: 1000, remainingAmount: 1000 });
  });

  it('leaves the amounts empty when the unit has no usable price', () => {
    for (const price of [null, undefined, Number.NaN, -5]) {
      expect(initialSaleDetails(price)).toMatchObject({ totalAmount: null, remainingAmount: null });
    }
  });
});

describe('deriveSaleDetails', () => {
  it('starts from the unit price for a unit without sale details', () => {
    const { value, errors } = deriveSaleDetails({}, { price: 800000, now });
    expect(errors).toEqual([]);
    expect(value).toEqual({ ...initialSaleDetails(800000), lastUpdated: '2025-03-01T10:00:00.000Z' });
  });

  it('computes the remaining amount from total and paid', () => {
    const { value } = deriveSaleDetails({ totalAmount: 1000, paidAmount: 250.5 }, { now });
    expect(value.remainingAmount).toBe(749.5);
    expect(value.paymentStatus).toBe('pending');
  });

  it('completes payment when nothing remains, and never shows a negative remainder', () => {
    expect(deriveSaleDetails({ totalAmount: 1000, paidAmount: 1000 }, { now }).value).toMatchObject({
      remainingAmount: 0,
      paymentStatus: 'completed',
    });
    expect(deriveSaleDetails({ totalAmount: 1000, paidAmount: 1200, paymentStatus: 'partial' }, { now }).value).toMatchObject({
      remainingAmount: 0,
      paymentStatus: 'completed',
    });
  });

  it('compares amounts after rounding, so float noise cannot block completion', () => {
    const { value } = deriveSaleDetails({ totalAmount: 0.3, paidAmount: 0.1 + 0.2 }, { now });
    expect(value).toMatchObject({ remainingAmount: 0, paymentStatus: 'completed' });
  });

  it('keeps the chosen payment status while something remains', () => {
    expect(deriveSaleDetails({ totalAmount: 1000, paidAmount: 400, paymentStatus: 'partial' }, { now }).value.paymentStatus).toBe('partial');
  });

  it('does not lower a completed payment status when amounts are corrected', () => {
    const existing = deriveSaleDetails({ totalAmount: 1000, paidAmount: 1000 }, { now }).value;
    const { value } = deriveSaleDetails({ paidAmount: 900 }, { now, existing });
    expect(value).toMatchObject({ remainingAmount: 100, paymentStatus: 'completed' });
  });

  it('leaves the remainder empty when total or paid is unknown', () => {
    expect(deriveSaleDetails({ totalAmount: 1000, paidAmount: null }, { now }).value.remainingAmount).toBeNull();
    expect(deriveSaleDetails({ totalAmount: '', paidAmount: 10 }, { now }).value.remainingAmount).toBeNull();
  });

  it('ignores a remaining amount sent by the client', () => {
    expect(deriveSaleDetails({ totalAmount: 1000, paidAmount: 100, remainingAmount: 5 }, { now }).value.remainingAmount).toBe(900);
    expect(deriveSaleDetails({ totalAmount: null, remainingAmount: 5 }, { now }).value.remainingAmount).toBeNull();
  });

  it('accepts amounts typed as text and rounds them to 2 decimals', () => {
    const { value, errors } = deriveSaleDetails({ totalAmount: ' 1000.456 ', paidAmount: '0.005' }, { now });
    expect(errors).toEqual([]);
    expect(value).toMatchObject({ totalAmount: 1000.46, paidAmount: 0.01, remainingAmount: 1000.45 });
  });

  it('rejects negative, non-numeric and non-finite amounts with a field error and keeps the stored value', () => {
    const existing = deriveSaleDetails({ totalAmount: 500, paidAmount: 100 }, { now }).value;
    const { value, errors } = deriveSaleDetails({ totalAmount: -1, paidAmount: 'lots' }, { now, existing });
    expect(errors).toEqual([
      { field: 'totalAmount', message: 'Total amount must be a number of 0 or more' },
      { field: 'paidAmount', message: 'Paid amount must be a number of 0 or more' },
    ]);
    expect(value).toMatchObject({ totalAmount: 500, paidAmount: 100, remainingAmount: 400 });
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, '1e3', '0x10', '-0.01', true, {}]) {
      expect(deriveSaleDetails({ paidAmount: bad }, { now }).errors).toEqual([{ field: 'paidAmount', message: 'Paid amount must be a number of 0 or more' }]);
    }
  });

  it('completes registration when a registration date is set', () => {
    const { value } = deriveSaleDetails({ registrationDate: '2025-02-14', registrationStatus: 'in-progress' }, { now });
    expect(value).toMatchObject({ registrationDate: '2025-02-14', registrationStatus: 'completed' });
  });

  it('completes handover when a handover date is set', () => {
    const { value } = deriveSaleDetails({ handoverDate: '2025-06-30T12:00:00Z', handoverStatus: 'scheduled' }, { now });
    expect(value).toMatchObject({ handoverDate: '2025-06-30T12:00:00Z', handoverStatus: 'completed' });
  });

  it('keeps the chosen status without a date', () => {
    const { value } = deriveSaleDetails({ registrationDate: '', registrationStatus: 'delayed', handoverStatus: 'scheduled' }, { now });
    expect(value).toMatchObject({ registrationDate: null, registrationStatus: 'delayed', handoverStatus: 'scheduled' });
  });

  it('accepts a Date object as a date', () => {
    expect(deriveSaleDetails({ handoverDate: new Date('2025-01-02T00:00:00Z') }, { now }).value.handoverDate).toBe('2025-01-02T00:00:00.000Z');
  });

  it('rejects dates that are not real ISO dates', () => {
    for (const bad of ['5', 'tomorrow', '2025-02-30', '2025-13-01', 20250101, new Date('nope')]) {
      expect(deriveSaleDetails({ registrationDate: bad }, { now }).errors).toEqual([
        { field: 'registrationDate', message: 'Registration date must be a valid date' },
      ]);
    }
  });

  it('rejects statuses outside each list', () => {
    const { value, errors } = deriveSaleDetails({ registrationStatus: 'scheduled', handoverStatus: 'partial', paymentStatus: 'in-progress' }, { now });
    expect(errors).toEqual([
      {
        field: 'registrationStatus',
        message: 'Registration status must be one of: pending, in-progress, delayed, completed',
      },
      { field: 'handoverStatus', message: 'Handover status must be one of: pending, scheduled, delayed, completed' },
      { field: 'paymentStatus', message: 'Payment status must be one of: pending, partial, delayed, completed' },
    ]);
    expect(value).toMatchObject({ registrationStatus: 'pending', handoverStatus: 'pending', paymentStatus: 'pending' });
  });

  it('treats an empty status as not sent', () => {
    const existing = deriveSaleDetails({ handoverStatus: 'scheduled' }, { now }).value;
    expect(deriveSaleDetails({ handoverStatus: '' }, { now, existing }).value.handoverStatus).toBe('scheduled');
  });

  it('keeps text fields, trimming the registration number but not the notes', () => {
    const { value } = deriveSaleDetails({ registrationNumber: ' RN-42 ', notes: 'Line one\n  line two ' }, { now });
    expect(value).toMatchObject({ registrationNumber: 'RN-42', notes: 'Line one\n  line two ' });
    expect(deriveSaleDetails({ registrationNumber: 4217 }, { now }).value.registrationNumber).toBe('4217');
    expect(deriveSaleDetails({ notes: ['x'] }, { now }).errors).toEqual([{ field: 'notes', message: 'Notes must be text' }]);
    expect(deriveSaleDetails({ notes: '   ' }, { now }).value.notes).toBeNull();
  });

  it('keeps stored values the input does not mention', () => {
    const existing = deriveSaleDetails({ registrationNumber: 'RN-1', totalAmount: 900, paidAmount: 300, notes: 'first' }, { now }).value;
    const { value } = deriveSaleDetails({ notes: 'second' }, { now: new Date('2025-04-01T00:00:00Z'), existing });
    expect(value).toMatchObject({
      registrationNumber: 'RN-1',
      totalAmount: 900,
      paidAmount: 300,
      remainingAmount: 600,
      notes: 'second',
      lastUpdated: '2025-04-01T00:00:00.000Z',
    });
  });

  it('prefers the stored details over the price', () => {
    const existing = deriveSaleDetails({ totalAmount: 700 }, { now }).value;
    expect(deriveSaleDetails({}, { now, existing, price: 1 }).value.totalAmount).toBe(700);
  });

  it('clears a value sent as null', () => {
    const existing = deriveSaleDetails({ registrationNumber: 'RN-1' }, { now }).value;
    expect(deriveSaleDetails({ registrationNumber: null }, { now, existing }).value.registrationNumber).toBeNull();
  });

  it('always stamps lastUpdated with now, whatever the client sends', () => {
    expect(deriveSaleDetails({ lastUpdated: '1999-01-01' }, { now }).value.lastUpdated).toBe('2025-03-01T10:00:00.000Z');
  });

  it('keeps extra fields as given, from the stored details and the input', () => {
    const existing: SaleDetails = { ...initialSaleDetails(100), buyerName: 'Old', agentCommission: 2 };
    const { value } = deriveSaleDetails({ buyerName: 'New', contract: { signed: true }, skipped: undefined }, { now, existing });
    expect(value).toMatchObject({ buyerName: 'New', agentCommission: 2, contract: { signed: true } });
    expect('skipped' in value).toBe(false);
  });

  it('does not let extra fields override the known ones', () => {
    const { value } = deriveSaleDetails({ totalAmount: 100, paidAmount: 100, remainingAmount: 50, paymentStatus: 'pending' }, { now });
    expect(value).toMatchObject({ remainingAmount: 0, paymentStatus: 'completed' });
  });

  it('drops keys that could pollute a prototype', () => {
    const input = JSON.parse('{"__proto__": {"polluted": true}, "constructor": 1, "notes": "ok"}') as Record<string, unknown>;
    const { value } = deriveSaleDetails(input, { now });
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(value, '__proto__')).toBe(false);
    expect(Object.prototype.hasOwnProperty.call(value, 'constructor')).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(value.notes).toBe('ok');
  });

  it('accepts a missing input', () => {
    expect(deriveSaleDetails(null, { now, price: 5 }).value.totalAmount).toBe(5);
    expect(deriveSaleDetails(undefined, { now }).errors).toEqual([]);
  });

  describe('invariants over generated inputs', () => {
    const random = prng(20250301);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];
    const amount = (): unknown =>
      pick([undefined, null, '', -1, Number.NaN, 'abc', Math.round(random() * 1e6) / 100, String(Math.round(random() * 1e5) / 100), random() * 1e4, 0]);
    const status = (allowed: readonly string[]): unknown => pick([undefined, '', 'bogus', ...allowed]);
    const date = (): unknown => pick([undefined, null, '', '2025-02-14', '2024-02-29', '2025-02-29', 'soon']);

    it('never yields a negative or unrounded remainder, and always valid statuses', () => {
      let existing: SaleDetails | null = null;
      for (let i = 0; i < 2000; i += 1) {
        const input = {
          totalAmount: amount(),
          paidAmount: amount(),
          remainingAmount: amount(),
          registrationStatus: status(REGISTRATION_STATUSES),
          handoverStatus: status(HANDOVER_STATUSES),
          paymentStatus: status(PAYMENT_STATUSES),
          registrationDate: date(),
          handoverDate: date(),
        };
        const { value, errors } = deriveSaleDetails(input, {
          now,
          price: random() < 0.5 ? null : random() * 1e6,
          existing,
        });

        expect(REGISTRATION_STATUSES).toContain(value.registrationStatus);
        expect(HANDOVER_STATUSES).toContain(value.handoverStatus);
        expect(PAYMENT_STATUSES).toContain(value.paymentStatus);
        for (const field of ['totalAmount', 'paidAmount', 'remainingAmount'] as const) {
          const n = value[field];
          if (n !== null) {
            expect(n).toBeGreaterThanOrEqual(0);
            expect(Math.round(n * 100) / 100).toBe(n);
          }
        }
        if (value.totalAmount !== null && value.paidAmount !== null) {
          expect(value.remainingAmount).toBe(Math.max(0, Math.round((value.totalAmount - value.paidAmount) * 100) / 100));
          if (value.totalAmount <= value.paidAmount) expect(value.paymentStatus).toBe('completed');
        } else {
          expect(value.remainingAmount).toBeNull();
        }
        if (value.registrationDate) expect(value.registrationStatus).toBe('completed');
        if (value.handoverDate) expect(value.handoverStatus).toBe('completed');
        expect(value.lastUpdated).toBe(now.toISOString());
        for (const error of errors) expect(Object.keys(input)).toContain(error.field);
        // Chain the saves, as successive edits of one unit would.
        existing = errors.length === 0 ? value : existing;
      }
    });

    it('reports an error exactly when a field holds an invalid value', () => {
      for (let i = 0; i < 1000; i += 1) {
        const totalAmount = amount();
        const paymentStatus = status(PAYMENT_STATUSES);
        const { errors } = deriveSaleDetails({ totalAmount, paymentStatus }, { now });
        const badAmount = totalAmount === -1 || Number.isNaN(totalAmount) || totalAmount === 'abc';
        expect(errors.some((e) => e.field === 'totalAmount')).toBe(badAmount);
        expect(errors.some((e) => e.field === 'paymentStatus')).toBe(paymentStatus === 'bogus');
      }
    });

    it('is stable: deriving again from its own output changes nothing but the timestamp', () => {
      for (let i = 0; i < 500; i += 1) {
        const first = deriveSaleDetails(
          {
            totalAmount: amount(),
            paidAmount: amount(),
            paymentStatus: status(PAYMENT_STATUSES),
            handoverDate: date(),
          },
          { now, price: 1000 },
        ).value;
        const later = new Date('2026-01-01T00:00:00Z');
        const second = deriveSaleDetails(first, { now: later });
        expect(second.errors).toEqual([]);
        expect(second.value).toEqual({ ...first, lastUpdated: later.toISOString() });
      }
    });
  });
});

describe('isOverdue', () => {
  it('is true when any status is delayed', () => {
    const base = initialSaleDetails(100);
    expect(isOverdue({ ...base, registrationStatus: 'delayed' })).toBe(true);
    expect(isOverdue({ ...base, handoverStatus: 'delayed' })).toBe(true);
    expect(isOverdue({ ...base, paymentStatus: 'delayed' })).toBe(true);
  });

  it('is false otherwise or without details', () => {
    expect(isOverdue(initialSaleDetails(100))).toBe(false);
    expect(isOverdue({ registrationStatus: 'completed', handoverStatus: 'scheduled', paymentStatus: 'partial' })).toBe(false);
    expect(isOverdue(null)).toBe(false);
    expect(isOverdue(undefined)).toBe(false);
  });
});
