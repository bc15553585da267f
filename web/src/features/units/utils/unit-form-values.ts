import {
  batchUnits,
  clampBatchCount,
  clampBatchStart,
  createUnitInputSchema,
  updateUnitInputSchema,
  validateBatch,
  type BatchInput,
  type BatchSequence,
  type UnitNumberFormat,
  type UnitStatus,
  type UnitWritable,
} from '@repo/types';
import type { UnitDetail } from '../api/types';
import { UNIT_FORM_TEXT } from './messages';

/** The unit form's inputs, as typed (text); the contract's schemas (types/src/api/units.ts) turn them into a unit body. */
export interface UnitFormValues {
  unitNumber: string;
  unitType: string;
  floor: string;
  view: string;
  bedrooms: string;
  bathrooms: string;
  area: string;
  price: string;
  features: string;
  description: string;
  status: UnitStatus;
}

export const EMPTY_UNIT_VALUES: UnitFormValues = {
  unitNumber: '',
  unitType: '',
  floor: '',
  view: '',
  bedrooms: '',
  bathrooms: '',
  area: '',
  price: '',
  features: '',
  description: '',
  status: 'available',
};

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export const valuesFromUnit = (unit: UnitDetail): UnitFormValues => ({
  unitNumber: unit.unitNumber,
  unitType: text(unit.unitType),
  floor: text(unit.floor),
  view: text(unit.view),
  bedrooms: text(unit.bedrooms),
  bathrooms: text(unit.bathrooms),
  area: text(unit.area ?? unit.size),
  price: text(unit.price),
  features: text(unit.features),
  description: text(unit.description),
  status: unit.status,
});

export interface BatchValues {
  enabled: boolean;
  count: string;
  start: string;
  format: UnitNumberFormat;
  prefix: string;
  middle: string;
  suffix: string;
  sequence: BatchSequence;
}

export const DEFAULT_BATCH: BatchValues = { enabled: false, count: '2', start: '1', format: 'PREFIX', prefix: '', middle: '', suffix: '', sequence: 'numeric' };

/** The batch as the shared numbering rules take it: count kept within 1–50, start at least 1 (spec §5). */
export const toBatchInput = (batch: BatchValues, floor: string): BatchInput => ({
  count: clampBatchCount(Number(batch.count)),
  start: clampBatchStart(Number(batch.start)),
  format: batch.format,
  prefix: batch.prefix,
  middle: batch.middle,
  suffix: batch.suffix,
  sequence: batch.sequence,
  floor,
});

export type FormErrors = Record<string, string>;

const byField = (errors: { field: string; message: string }[]): FormErrors => Object.fromEntries(errors.map((error) => [error.field, error.message]).reverse());

/**
 * A form's values through one of the API's own schemas: what the server would store, and each
 * problem on its field in the server's words (the first one per field, as the server lists them).
 */
const throughSchema = (schema: typeof createUnitInputSchema | typeof updateUnitInputSchema, values: Record<string, unknown>) => {
  const result = schema.safeParse(values);
  const errors = (result.error?.issues ?? []).map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  return { value: (result.data ?? {}) as Partial<UnitWritable>, errors };
};

export interface CheckedUnits {
  units: Partial<UnitWritable>[];
  errors: FormErrors;
}

/**
 * The Add New Unit modal's check (spec §5): the shared unit rules on every field, 'Unit number is
 * required' unless batch mode, the batch format rules, and one body per unit of the batch (floor
 * counted up when numeric).
 */
export const checkNewUnits = (values: UnitFormValues, batch: BatchValues): CheckedUnits => {
  const { unitNumber, ...shared } = values;
  if (!batch.enabled) {
    const { value, errors } = throughSchema(createUnitInputSchema, { ...shared, unitNumber });
    return { units: [value], errors: byField(errors) };
  }
  const input = toBatchInput(batch, values.floor);
  const { value, errors } = throughSchema(updateUnitInputSchema, shared);
  const all = byField([...errors, ...validateBatch(input)]);
  if (Object.keys(all).length > 0) return { units: [], errors: all };
  return { units: batchUnits(input).map((unit) => ({ ...value, unitNumber: unit.unitNumber, floor: unit.floor })), errors: {} };
};

/**
 * The Edit Unit form's check (spec §5 unit edit): Unit Number, Status and Price required; every
 * field sent, empty numbers as null.
 */
export const checkUnitEdit = (values: UnitFormValues): { input: Partial<UnitWritable>; errors: FormErrors } => {
  const { value, errors } = throughSchema(updateUnitInputSchema, { ...values });
  const found = byField(errors);
  if (values.price.trim() === '' && !found.price) found.price = UNIT_FORM_TEXT.priceRequired;
  return { input: value, errors: found };
};

/** The server's field errors of a batch ('units.3.price') on the form's fields ('price'). */
export const formErrorsFromServer = (fieldErrors: Record<string, string[]>): FormErrors =>
  Object.fromEntries(Object.entries(fieldErrors).map(([path, messages]) => [path.replace(/^units\.\d+\./, ''), messages[0]]));

/** How many units the batch will create, as the preview and the submit button say. */
export const clampedCount = (batch: BatchValues) => clampBatchCount(Number(batch.count));
