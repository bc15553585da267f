import { UNIT_STATUSES, type UnitStatus } from '../domain';
import type { FieldError } from './field-error';
import { checkFloor, checkNumber, NUMBER_RULES, type NumericUnitField } from './numbers';
import { controlCharacterProblem, type TextKind } from './text';

/** The unit fields an admin writes through the portal; everything else (sale details, archive, images, sharing) has its own route. */
export interface UnitWritable {
  unitNumber: string;
  name: string | null;
  unitType: string | null;
  floor: string | null;
  price: number | null;
  area: number | null;
  size: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  view: string | null;
  description: string | null;
  features: string | null;
  status: UnitStatus;
  available: boolean;
}

export const UNIT_WRITABLE_FIELDS = [
  'unitNumber',
  'name',
  'unitType',
  'floor',
  'price',
  'area',
  'size',
  'bedrooms',
  'bathrooms',
  'view',
  'description',
  'features',
  'status',
  'available',
] as const satisfies readonly (keyof UnitWritable)[];

export const UNIT_INPUT_MESSAGES = {
  unitNumberRequired: 'Unit number is required',
  status: 'Status must be one of available, sold, reserved, unavailable, occupied',
  price: NUMBER_RULES.price.invalid,
  area: NUMBER_RULES.area.invalid,
  size: NUMBER_RULES.size.invalid,
  bedrooms: NUMBER_RULES.bedrooms.invalid,
  bathrooms: NUMBER_RULES.bathrooms.invalid,
  available: 'Available must be true or false',
  text: (field: string, max: number) => `${field} must be text of at most ${max} characters`,
  unknown: (field: string) => `${field} cannot be set here`,
} as const;

const TEXT_LIMITS: Record<'unitNumber' | 'name' | 'unitType' | 'floor' | 'view' | 'description' | 'features', number> = {
  unitNumber: 60,
  name: 200,
  unitType: 80,
  floor: 20,
  view: 120,
  description: 5000,
  features: 2000,
};

export interface UnitInputResult {
  value: Partial<UnitWritable>;
  errors: FieldError[];
}

type TextField = keyof typeof TEXT_LIMITS;

/** How each text field reads in a message, and whether it may span lines (only the description does). */
const TEXT_FIELDS: Record<TextField, { label: string; kind: TextKind }> = {
  unitNumber: { label: 'Unit number', kind: 'single-line' },
  name: { label: 'Name', kind: 'single-line' },
  unitType: { label: 'Unit type', kind: 'single-line' },
  floor: { label: 'Floor', kind: 'single-line' },
  view: { label: 'View', kind: 'single-line' },
  description: { label: 'Description', kind: 'multi-line' },
  features: { label: 'Features', kind: 'single-line' },
};

const NUMERIC_FIELDS: readonly NumericUnitField[] = ['price', 'area', 'size', 'bedrooms', 'bathrooms'];

const readText = (raw: unknown): string | null | undefined => {
  if (raw === undefined) return undefined;
  if (raw === null) return null;
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  if (typeof raw !== 'string') return undefined;
  const trimmed = raw.trim();
  return trimmed === '' ? null : trimmed;
};

/**
 * Checks and normalises a unit payload (spec §5 unit form and unit edit): empty numbers become null,
 * area is rounded to 2 decimals, features may come as a list and are stored as one comma-separated
 * text, undefined fields are dropped. With `partial` (an edit), only the given fields are checked;
 * otherwise a unit number is required and the status defaults to available. Fields outside
 * UNIT_WRITABLE_FIELDS are refused by name, so a payload cannot smuggle in sale details or flags.
 */
export function normaliseUnitInput(raw: unknown, options: { partial?: boolean } = {}): UnitInputResult {
  const errors: FieldError[] = [];
  const value: Partial<UnitWritable> = {};
  const input = (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const allowed = new Set<string>(UNIT_WRITABLE_FIELDS);
  for (const field of Object.keys(input)) if (!allowed.has(field)) errors.push({ field, message: UNIT_INPUT_MESSAGES.unknown(field) });

  for (const field of Object.keys(TEXT_LIMITS) as TextField[]) {
    let rawText = input[field];
    // A features list must hold texts: String() of an object would store '[object Object]'.
    if (field === 'features' && Array.isArray(rawText) && rawText.every((f) => typeof f === 'string'))
      rawText = rawText
        .map((f) => f.trim())
        .filter(Boolean)
        .join(', ');
    const text = readText(rawText);
    // Checked on the text as sent, before trimming: a line break is refused wherever it is.
    const control = typeof rawText === 'string' ? controlCharacterProblem(rawText, TEXT_FIELDS[field].label, TEXT_FIELDS[field].kind) : null;
    if (rawText !== undefined && text === undefined) errors.push({ field, message: UNIT_INPUT_MESSAGES.text(field, TEXT_LIMITS[field]) });
    else if (typeof text === 'string' && text.length > TEXT_LIMITS[field]) errors.push({ field, message: UNIT_INPUT_MESSAGES.text(field, TEXT_LIMITS[field]) });
    else if (control) errors.push({ field, message: control });
    else if (field === 'floor' && typeof text === 'string' && checkFloor(text)) errors.push({ field, message: checkFloor(text) as string });
    else if (field === 'unitNumber') {
      // A blank unit number is left out here and reported as required below.
      if (text) value.unitNumber = text;
    } else if (text !== undefined) value[field] = text;
  }
  if (!options.partial || 'unitNumber' in input) {
    if (!value.unitNumber && !errors.some((error) => error.field === 'unitNumber'))
      errors.push({ field: 'unitNumber', message: UNIT_INPUT_MESSAGES.unitNumberRequired });
  }

  for (const field of NUMERIC_FIELDS) {
    const number = checkNumber(field, input[field]);
    if (!number.ok) errors.push({ field, message: number.message });
    else if (number.value !== undefined) value[field] = number.value;
  }

  if (input.status !== undefined) {
    if (typeof input.status === 'string' && (UNIT_STATUSES as readonly string[]).includes(input.status)) value.status = input.status as UnitStatus;
    else errors.push({ field: 'status', message: UNIT_INPUT_MESSAGES.status });
  } else if (!options.partial) value.status = 'available';

  if (input.available !== undefined) {
    if (typeof input.available === 'boolean') value.available = input.available;
    else errors.push({ field: 'available', message: UNIT_INPUT_MESSAGES.available });
  } else if (!options.partial) value.available = true;

  return { value, errors };
}
