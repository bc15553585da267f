import { LIMITS } from '../domain';
import type { FieldError } from './field-error';

export const UNIT_NUMBER_FORMATS = ['PREFIX', 'SUFFIX', 'MIDDLE', 'CUSTOM'] as const;
export type UnitNumberFormat = (typeof UNIT_NUMBER_FORMATS)[number];

export type BatchSequence = 'numeric' | 'alphabetic';

/** For request bodies: the switch below trusts the format to be one of the four. */
export function isUnitNumberFormat(value: unknown): value is UnitNumberFormat {
  return typeof value === 'string' && (UNIT_NUMBER_FORMATS as readonly string[]).includes(value);
}

export interface BatchInput {
  count: number;
  start: number;
  format: UnitNumberFormat;
  prefix?: string | null;
  middle?: string | null;
  suffix?: string | null;
  sequence: BatchSequence;
  floor?: string | null;
}

export interface BatchUnit {
  unitNumber: string;
  floor: string | null;
}

export const BATCH_MESSAGES = {
  prefixRequired: 'Prefix is required for the selected unit number format',
  suffixRequired: 'Suffix is required for the selected unit number format',
  prefixAndSuffixRequired: 'Both prefix and suffix are required for the selected unit number format',
  customPartRequired: 'At least one part (prefix, middle, or suffix) is required for custom format',
} as const;

const ELLIPSIS = '...';

// Form inputs hand over NaN for an emptied number field and decimals for a typed '2.5'.
function wholeNumberOr(value: number, fallback: number): number {
  return Number.isFinite(value) ? Math.trunc(value) : fallback;
}

/** The number of units, kept within 1 to 50 (spec §5, §9). */
export function clampBatchCount(count: number): number {
  return Math.min(LIMITS.batchMax, Math.max(LIMITS.batchMin, wholeNumberOr(count, LIMITS.batchMin)));
}

/** The starting number, at least 1 (spec §5). */
export function clampBatchStart(start: number): number {
  return Math.max(1, wholeNumberOr(start, 1));
}

// Parts are trimmed: a stray space in a unit number breaks search and CSV round trips.
function part(value: string | null | undefined): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The format checks of spec §5, applied only when more than one unit is created: a single unit
 * is just its sequence value and cannot clash. Returns at most one error, on the field to fill.
 */
export function validateBatch(input: BatchInput): FieldError[] {
  if (clampBatchCount(input.count) <= 1) return [];
  const prefix = part(input.prefix);
  const middle = part(input.middle);
  const suffix = part(input.suffix);
  switch (input.format) {
    case 'PREFIX':
      return prefix ? [] : [{ field: 'prefix', message: BATCH_MESSAGES.prefixRequired }];
    case 'SUFFIX':
      return suffix ? [] : [{ field: 'suffix', message: BATCH_MESSAGES.suffixRequired }];
    case 'MIDDLE':
      return prefix && suffix ? [] : [{ field: prefix ? 'suffix' : 'prefix', message: BATCH_MESSAGES.prefixAndSuffixRequired }];
    case 'CUSTOM':
      return prefix || middle || suffix ? [] : [{ field: 'prefix', message: BATCH_MESSAGES.customPartRequired }];
  }
}

/** Spreadsheet-column letters: 1 → A, 26 → Z, 27 → AA, 702 → ZZ, 703 → AAA. */
export function toAlphabeticSequence(n: number): string {
  let rest = Math.max(1, Math.trunc(n));
  let letters = '';
  while (rest > 0) {
    const index = (rest - 1) % 26;
    letters = String.fromCharCode(65 + index) + letters;
    rest = Math.floor((rest - 1) / 26);
  }
  return letters;
}

/**
 * The unit numbers of a batch. How each format composes (the spec names the formats only):
 * PREFIX = prefix + sequence ('A101'), SUFFIX = sequence + suffix ('101B'),
 * MIDDLE = prefix + sequence + suffix ('T1-05-E': the sequence sits in the middle),
 * CUSTOM = prefix + middle + sequence + suffix, any of them empty.
 * Parts a format does not use are ignored, so switching format does not leak old input.
 */
export function batchUnitNumbers(input: BatchInput): string[] {
  const count = clampBatchCount(input.count);
  const start = clampBatchStart(input.start);
  const prefix = part(input.prefix);
  const middle = part(input.middle);
  const suffix = part(input.suffix);
  const numbers: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const n = start + i;
    const sequence = input.sequence === 'alphabetic' ? toAlphabeticSequence(n) : String(n);
    switch (input.format) {
      case 'PREFIX':
        numbers.push(prefix + sequence);
        break;
      case 'SUFFIX':
        numbers.push(sequence + suffix);
        break;
      case 'MIDDLE':
        numbers.push(prefix + sequence + suffix);
        break;
      case 'CUSTOM':
        numbers.push(prefix + middle + sequence + suffix);
        break;
    }
  }
  return numbers;
}

/**
 * The floor of each unit in a batch (spec §5): an integer floor goes up by one per unit,
 * anything else ('G', 'Mezzanine', '2.5', blank) is repeated as entered, because there is
 * no sensible "next" of it.
 */
export function batchFloors(floor: string | null | undefined, count: number): Array<string | null> {
  const total = clampBatchCount(count);
  const trimmed = typeof floor === 'string' ? floor.trim() : '';
  if (/^-?\d+$/.test(trimmed)) {
    const first = Number(trimmed);
    return Array.from({ length: total }, (_, i) => String(first + i));
  }
  const same = trimmed === '' ? null : trimmed;
  return Array.from({ length: total }, () => same);
}

/** Number and floor of every unit of a batch, in order. */
export function batchUnits(input: BatchInput): BatchUnit[] {
  const floors = batchFloors(input.floor, input.count);
  return batchUnitNumbers(input).map((unitNumber, i) => ({ unitNumber, floor: floors[i] }));
}

/** The first 5 numbers, then '...' when there are more (spec §2, §9). Join them to display. */
export function batchPreview(numbers: readonly string[]): string[] {
  if (numbers.length <= LIMITS.batchPreviewCount) return [...numbers];
  return [...numbers.slice(0, LIMITS.batchPreviewCount), ELLIPSIS];
}
