import { describe, expect, it } from 'vitest';
import { saleDetailsFormSchema, saveSaleDetailsInputSchema, setArchivedInputSchema, SOLD_UNIT_MESSAGES } from './sold-units';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('saleDetailsFormSchema', () => {
  it.each(['0', '0.29', '1000000.01', '  12.5 ', '', 0.07, 1e9, null])('accepts the amount %j', (amount) => {
    expect(saleDetailsFormSchema.safeParse({ totalAmount: amount, paidAmount: amount }).success).toBe(true);
  });

  it.each([
    ['-1', 'Paid amount must be a number of 0 or more'],
    ['1e3', 'Paid amount must be a number of 0 or more'],
    ['0x10', 'Paid amount must be a number of 0 or more'],
    [Number.POSITIVE_INFINITY, 'Paid amount must be a number of 0 or more'],
    [Number.NaN, 'Paid amount must be a number of 0 or more'],
    [true, 'Paid amount must be a number of 0 or more'],
    ['10.005', 'Paid amount must be in steps of 0.01'],
    [0.001, 'Paid amount must be in steps of 0.01'],
  ])('refuses the amount %j with its message', (amount, message) => {
    expect(messagesOf(saleDetailsFormSchema.safeParse({ paidAmount: amount }))).toEqual({ paidAmount: message });
  });

  it('refuses dates that do not exist and statuses that are not the spec’s', () => {
    expect(messagesOf(saleDetailsFormSchema.safeParse({ handoverDate: '2026-02-30', paymentStatus: 'refunded', registrationStatus: 'partial' }))).toEqual({
      handoverDate: 'Handover date must be a valid date',
      paymentStatus: 'Payment status must be one of: pending, partial, delayed, completed',
      registrationStatus: 'Registration status must be one of: pending, in-progress, delayed, completed',
    });
    expect(saleDetailsFormSchema.safeParse({ handoverDate: '2024-02-29', registrationDate: '2026-01-15T10:00:00Z' }).success).toBe(true);
  });
});

describe('saveSaleDetailsInputSchema', () => {
  it('requires a whole positive revision', () => {
    expect(messagesOf(saveSaleDetailsInputSchema.safeParse({ paidAmount: 1 }))).toEqual({ revision: SOLD_UNIT_MESSAGES.revisionRequired });
    for (const revision of [0, -1, 1.5, '2', null]) expect(saveSaleDetailsInputSchema.safeParse({ revision }).success, String(revision)).toBe(false);
    expect(saveSaleDetailsInputSchema.safeParse({ revision: 3 }).success).toBe(true);
  });

  it('keeps further fields (spec §3) but refuses a body over the size limit', () => {
    expect(saveSaleDetailsInputSchema.parse({ revision: 1, buyerName: 'R. Khan' })).toMatchObject({ buyerName: 'R. Khan' });
    expect(messagesOf(saveSaleDetailsInputSchema.safeParse({ revision: 1, buyerNotes: 'x'.repeat(10_001) }))).toEqual({
      saleDetails: SOLD_UNIT_MESSAGES.tooLarge,
    });
  });
});

describe('setArchivedInputSchema', () => {
  it('takes exactly { archived: boolean }', () => {
    expect(setArchivedInputSchema.safeParse({ archived: false }).success).toBe(true);
    expect(messagesOf(setArchivedInputSchema.safeParse({ archived: 'yes' }))).toEqual({ archived: SOLD_UNIT_MESSAGES.archived });
    expect(setArchivedInputSchema.safeParse({ archived: true, unitStatus: 'available' }).success).toBe(false);
  });
});
