import { checkNumber, NUMBER_MESSAGES, SALE_AMOUNT_MAX } from './numbers';
import { HANDOVER_STATUSES, PAYMENT_STATUSES, REGISTRATION_STATUSES, type PaymentStatus, type SaleDetails } from '../domain';
import type { FieldError } from './field-error';
import { roundTo2 } from './format';

/** What a client sends: any subset of the sale details, plus fields of its own. */
export type SaleDetailsInput = Readonly<Record<string, unknown>>;

export interface SaleDetailsContext {
  /** The unit's price: the starting total when the unit has no sale details yet. */
  price?: number | null;
  now: Date;
  /** The stored details this input updates; absent for a unit's first save. */
  existing?: SaleDetails | null;
}

export interface SaleDetailsResult {
  value: SaleDetails;
  /** Non-empty means the input must be rejected; value then shows what would be kept. */
  errors: FieldError[];
}

/** The named fields of sale details; anything else is an extra field, merged as given. */
export const SALE_DETAILS_FIELDS = [
  'registrationDate',
  'registrationNumber',
  'registrationStatus',
  'handoverDate',
  'handoverStatus',
  'paymentStatus',
  'totalAmount',
  'paidAmount',
  'remainingAmount',
  'notes',
  'lastUpdated',
] as const satisfies ReadonlyArray<keyof SaleDetails>;

// Extra fields are merged as given (spec §3), but never ones that could rewrite a prototype
// when a later consumer merges the object by assignment.
const FORBIDDEN_FIELDS = new Set<string>(['__proto__', 'constructor', 'prototype']);
const RESERVED_FIELDS = new Set<string>([...SALE_DETAILS_FIELDS, ...FORBIDDEN_FIELDS]);

/** How each checked sale-details field reads in a message (the form's labels). */
export const SALE_DETAILS_LABELS = {
  registrationDate: 'Registration date',
  registrationNumber: 'Registration number',
  registrationStatus: 'Registration status',
  handoverDate: 'Handover date',
  handoverStatus: 'Handover status',
  paymentStatus: 'Payment status',
  totalAmount: 'Total amount',
  paidAmount: 'Paid amount',
  notes: 'Notes',
} as const;
type CheckedField = keyof typeof SALE_DETAILS_LABELS;

/** The starting point for a sold unit without sale details (spec §4). */
export function initialSaleDetails(price: number | null | undefined): SaleDetails {
  const total = typeof price === 'number' && Number.isFinite(price) && price >= 0 ? roundTo2(price) : null;
  return {
    registrationDate: null,
    registrationNumber: null,
    registrationStatus: 'pending',
    handoverDate: null,
    handoverStatus: 'pending',
    paymentStatus: 'pending',
    totalAmount: total,
    // Nothing is paid yet; a number here keeps remaining = total - paid true from the start.
    paidAmount: 0,
    remainingAmount: total,
    notes: null,
    lastUpdated: null,
  };
}

/** True when any of the three tracks is delayed: what the sold-units list flags. */
export function isOverdue(details: Pick<SaleDetails, 'registrationStatus' | 'handoverStatus' | 'paymentStatus'> | null | undefined): boolean {
  if (!details) return false;
  return details.registrationStatus === 'delayed' || details.handoverStatus === 'delayed' || details.paymentStatus === 'delayed';
}

// undefined = not sent (keep the stored value); null = cleared; INVALID = reject with an error.
const INVALID = Symbol('invalid');
type Parsed<T> = T | null | undefined | typeof INVALID;

function isEmpty(raw: unknown): boolean {
  return raw === null || (typeof raw === 'string' && raw.trim() === '');
}

// Form inputs send amounts as text; a strict decimal syntax keeps '0x10' and '1e3' out.
function parseAmount(raw: unknown): Parsed<number> {
  if (raw === undefined) return undefined;
  if (isEmpty(raw)) return null;
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d*\.?\d+\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isFinite(value) || value < 0 || value > SALE_AMOUNT_MAX) return INVALID;
  return roundTo2(value);
}

function parseStatus<S extends string>(raw: unknown, allowed: readonly S[]): Parsed<S> {
  // An empty status is "not chosen", not a request to clear: statuses are never null.
  if (raw === undefined || isEmpty(raw)) return undefined;
  return typeof raw === 'string' && (allowed as readonly string[]).includes(raw) ? (raw as S) : INVALID;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

// ISO dates only ('2024-05-01', optionally with a time): Date.parse alone accepts '5' and
// rolls '2024-02-30' over into March, and both would be stored as if meant.
function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match || Number.isNaN(Date.parse(value))) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function parseDate(raw: unknown): Parsed<string> {
  if (raw === undefined) return undefined;
  if (isEmpty(raw)) return null;
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? INVALID : raw.toISOString();
  if (typeof raw === 'string' && isIsoDate(raw.trim())) return raw.trim();
  return INVALID;
}

function parseText(raw: unknown, trim: boolean): Parsed<string> {
  if (raw === undefined) return undefined;
  if (isEmpty(raw)) return null;
  // Stryker disable next-line ConditionalExpression: Number.isFinite is false for anything that is not a number, so the typeof test only documents intent
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  if (typeof raw !== 'string') return INVALID;
  return trim ? raw.trim() : raw;
}

function extrasOf(source: Readonly<Record<string, unknown>> | null | undefined): Array<[string, unknown]> {
  if (!source) return [];
  return Object.entries(source).filter(([key, value]) => !RESERVED_FIELDS.has(key) && value !== undefined);
}

/**
 * The sale details to store after an admin saves the form (spec §4):
 * - a registration date completes registration, a handover date completes handover;
 * - with total and paid both known, remaining = max(0, total - paid) and payment is completed
 *   once nothing remains; otherwise remaining is null. A client's remainingAmount is ignored:
 *   the field is read-only in the form and the server must not trust it either.
 * - amounts must be numbers of 0 or more and are kept to 2 decimals;
 * - fields the input does not mention keep their stored value (or the initial one);
 * - other fields are kept as given, but cannot override the fields above.
 * Payment status is only ever raised to completed here, never lowered: an admin who corrects
 * the amounts sets the status they mean.
 */
export function deriveSaleDetails(input: SaleDetailsInput | null | undefined, context: SaleDetailsContext): SaleDetailsResult {
  const given = input ?? {};
  const base = context.existing ?? initialSaleDetails(context.price);
  const errors: FieldError[] = [];

  // Reads one field of the input: absent keeps the stored value, invalid adds an error and also
  // keeps it, so the result always shows what would be stored.
  function read<T>(field: CheckedField, parse: (raw: unknown) => Parsed<T>, stored: T, problem: string): T | null {
    const parsed = parse(given[field]);
    if (parsed === INVALID) {
      errors.push({ field, message: `${SALE_DETAILS_LABELS[field]} ${problem}` });
      return stored;
    }
    return parsed === undefined ? stored : parsed;
  }
  // Statuses are never null, so the stored value is also the fallback.
  function readStatus<S extends string>(field: CheckedField, allowed: readonly S[], stored: S): S {
    return read(field, (raw) => parseStatus(raw, allowed), stored, `must be one of: ${allowed.join(', ')}`) ?? stored;
  }

  const amount = 'must be a number of 0 or more';
  const registrationDate = read('registrationDate', parseDate, base.registrationDate, 'must be a valid date');
  const handoverDate = read('handoverDate', parseDate, base.handoverDate, 'must be a valid date');
  const registrationNumber = read('registrationNumber', (raw) => parseText(raw, true), base.registrationNumber, 'must be text');
  const notes = read('notes', (raw) => parseText(raw, false), base.notes, 'must be text');
  // Above SALE_AMOUNT_MAX the shared amount rule's own words ('must be at most 10,000,000,000').
  const amountProblem = (field: 'totalAmount' | 'paidAmount') => {
    const checked = checkNumber(field, given[field]);
    return !checked.ok && checked.message === NUMBER_MESSAGES.tooLarge(field) ? checked.message.slice(SALE_DETAILS_LABELS[field].length + 1) : amount;
  };
  const totalAmount = read('totalAmount', parseAmount, base.totalAmount, amountProblem('totalAmount'));
  const paidAmount = read('paidAmount', parseAmount, base.paidAmount, amountProblem('paidAmount'));
  const registrationStatus = readStatus('registrationStatus', REGISTRATION_STATUSES, base.registrationStatus);
  const handoverStatus = readStatus('handoverStatus', HANDOVER_STATUSES, base.handoverStatus);
  let paymentStatus: PaymentStatus = readStatus('paymentStatus', PAYMENT_STATUSES, base.paymentStatus);

  let remainingAmount: number | null = null;
  if (typeof totalAmount === 'number' && typeof paidAmount === 'number') {
    const difference = roundTo2(totalAmount - paidAmount);
    remainingAmount = Math.max(0, difference);
    if (difference <= 0) paymentStatus = 'completed';
  }

  const value: SaleDetails = {
    ...Object.fromEntries([...extrasOf(context.existing), ...extrasOf(given)]),
    registrationDate,
    registrationNumber,
    registrationStatus: registrationDate ? 'completed' : registrationStatus,
    handoverDate,
    handoverStatus: handoverDate ? 'completed' : handoverStatus,
    paymentStatus,
    totalAmount,
    paidAmount,
    remainingAmount,
    notes,
    lastUpdated: context.now.toISOString(),
  };
  return { value, errors };
}
