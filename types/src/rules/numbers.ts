import { z } from 'zod';
import { roundTo2 } from './format';

/**
 * The numeric fields of a unit and of its sale details (spec §3, §5), each with the range the portal
 * accepts. One rule per field, used by the API (cms), the CSV import and the forms (web), so a number
 * the database cannot hold, or one no real unit has, is a 400 on its field and never a 500 or a value
 * silently dropped (issue #25 finding 7: a price of 1e308 became Infinity, then null or a 500).
 *
 * The maxima, and why:
 * - PRICE_MAX and SALE_AMOUNT_MAX, 10,000,000,000 (AED or QAR): the dearest homes ever sold in Dubai
 *   and Doha cost about AED 500 million, so this leaves twenty times that, while a price typed with a
 *   handful of extra zeros is refused. PostgreSQL stores these columns as numeric(14,2) (widened at
 *   start from Strapi's numeric(10,2), which stops at 99,999,999.99; cms/src/db/money-columns.ts).
 * - AREA_MAX, 1,000,000 sqft, also for size: the largest single residences are about 100,000 sqft and a
 *   whole retail floor a few hundred thousand. It fits Strapi's numeric(10,2) as it is.
 * - BEDROOMS_MAX and BATHROOMS_MAX, 100: palaces in the region have about 30; 100 is a typo guard, not
 *   a product limit. Bedrooms are whole; bathrooms come in half steps (spec §5: step 0.5).
 * - FLOOR_MIN and FLOOR_MAX, -10 to 300, for a floor written as a whole number (the floor is text:
 *   'G' and 'Mezzanine' are floors too): the deepest basements here are about 7 levels down and the
 *   tallest tower has 163 floors. A batch that counts floors up (spec §5) stays within it as well.
 */
export const PRICE_MAX = 10_000_000_000;
export const SALE_AMOUNT_MAX = PRICE_MAX;
export const AREA_MAX = 1_000_000;
export const BEDROOMS_MAX = 100;
export const BATHROOMS_MAX = 100;
export const FLOOR_MIN = -10;
export const FLOOR_MAX = 300;

export type NumericUnitField = 'price' | 'area' | 'size' | 'bedrooms' | 'bathrooms';
export type SaleAmountField = 'totalAmount' | 'paidAmount';

interface NumberRule {
  label: string;
  max: number;
  /** Bedrooms are whole, bathrooms in half steps, money and areas kept to 2 decimals. */
  step: 'whole' | 'half' | 'cents';
  /** The spec's kind of message for a number that is not one, or below 0 (kept as the existing tests assert it). */
  invalid: string;
}

const grouped = (value: number) => value.toLocaleString('en-US');

export const NUMBER_RULES: Record<NumericUnitField | SaleAmountField, NumberRule> = {
  price: {
    label: 'Price',
    max: PRICE_MAX,
    step: 'cents',
    invalid: 'Price must be a number of 0 or more',
  },
  area: {
    label: 'Area',
    max: AREA_MAX,
    step: 'cents',
    invalid: 'Area must be a number of 0 or more',
  },
  size: {
    label: 'Size',
    max: AREA_MAX,
    step: 'cents',
    invalid: 'Size must be a number of 0 or more',
  },
  bedrooms: {
    label: 'Bedrooms',
    max: BEDROOMS_MAX,
    step: 'whole',
    invalid: 'Bedrooms must be a whole number of 0 or more',
  },
  bathrooms: {
    label: 'Bathrooms',
    max: BATHROOMS_MAX,
    step: 'half',
    invalid: 'Bathrooms must be 0 or more, in steps of 0.5',
  },
  totalAmount: {
    label: 'Total amount',
    max: SALE_AMOUNT_MAX,
    step: 'cents',
    invalid: 'Total amount must be a number of 0 or more',
  },
  paidAmount: {
    label: 'Paid amount',
    max: SALE_AMOUNT_MAX,
    step: 'cents',
    invalid: 'Paid amount must be a number of 0 or more',
  },
};

export const NUMBER_MESSAGES = {
  tooLarge: (field: NumericUnitField | SaleAmountField) => `${NUMBER_RULES[field].label} must be at most ${grouped(NUMBER_RULES[field].max)}`,
  floorRange: `Floor must be between ${FLOOR_MIN} and ${FLOOR_MAX} when it is a number`,
} as const;

const DECIMAL_TEXT = /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i;

export type NumberCheck = { ok: true; value: number | null | undefined } | { ok: false; message: string };

/**
 * Reads one numeric field as a form, a JSON body or a CSV cell gives it: absent stays undefined,
 * empty (null, '', spaces) is null (spec §5: empty numbers are sent as null), a number or numeric text
 * must be finite, at least 0, within the field's maximum and on its step. Money and areas are rounded
 * to 2 decimals, after the range check, so the rounding can never overflow.
 */
export function checkNumber(field: NumericUnitField | SaleAmountField, raw: unknown): NumberCheck {
  if (raw === undefined) return { ok: true, value: undefined };
  if (raw === null || (typeof raw === 'string' && raw.trim() === '')) return { ok: true, value: null };
  const rule = NUMBER_RULES[field];
  // Decimal text, with an exponent as spreadsheets write big numbers ('1.5E+06'); Number('0x10'),
  // Number('0b1') and Number('Infinity') would read more than a person typed.
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && DECIMAL_TEXT.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isFinite(value) || value < 0) return { ok: false, message: rule.invalid };
  if (value > rule.max) return { ok: false, message: NUMBER_MESSAGES.tooLarge(field) };
  if (rule.step === 'whole' && !Number.isInteger(value)) return { ok: false, message: rule.invalid };
  if (rule.step === 'half' && !Number.isInteger(value * 2)) return { ok: false, message: rule.invalid };
  // -0 is stored and shown as 0.
  if (rule.step === 'whole' || rule.step === 'half') return { ok: true, value: value === 0 ? 0 : value };
  return { ok: true, value: roundTo2(value) };
}

/** A floor that is a whole number ('12', '-2') is a number and must be in range; any other text is a name ('G'). */
export function checkFloor(floor: string): string | null {
  if (!/^[+-]?\d+$/.test(floor.trim())) return null;
  const value = Number(floor.trim());
  return value >= FLOOR_MIN && value <= FLOOR_MAX ? null : NUMBER_MESSAGES.floorRange;
}

/**
 * The zod form of a numeric rule, for the API contract's schemas: the same reading, the same messages.
 * Accepts a number, numeric text or null; gives the stored number, or null.
 */
export const numberFieldSchema = (field: NumericUnitField | SaleAmountField) =>
  z.unknown().transform((raw, context): number | null => {
    const result = checkNumber(field, raw === undefined ? null : raw);
    if (!result.ok) {
      context.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    }
    return result.value ?? null;
  });

/** A sale amount (total or paid, spec §5: numeric, min 0, step 0.01) within SALE_AMOUNT_MAX, for the sold-units contract. */
export const saleAmountSchema = (field: SaleAmountField) => numberFieldSchema(field);
