import { formatPrice } from '@repo/types';
import type { UnitDetail } from '../api/types';
import { UNIT_FORM_TEXT, UNITS_TEXT } from './messages';

/** The fields an edit form shows, with the label the viewer knows them by. */
const FIELDS = {
  unitNumber: UNITS_TEXT.columns.unitNumber,
  status: UNITS_TEXT.columns.status,
  price: UNITS_TEXT.columns.price,
  unitType: UNITS_TEXT.columns.unitType,
  floor: UNITS_TEXT.columns.floor,
  view: UNITS_TEXT.columns.view,
  area: UNITS_TEXT.columns.area,
  name: 'Name',
  description: 'Description',
  features: 'Features',
} as const satisfies Partial<Record<keyof UnitDetail, string>>;

export interface UnitFieldChange {
  field: keyof typeof FIELDS;
  label: string;
  before: string;
  after: string;
}

const show = (unit: UnitDetail, field: keyof typeof FIELDS): string => {
  const value = unit[field];
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'price') return formatPrice(unit.price, unit.project?.visibleTo ?? null);
  if (field === 'status') return UNITS_TEXT.statusLabels[unit.status];
  return String(value);
};

/**
 * What someone else changed in a unit since `base` was read: its shown fields, before and after.
 * `changed` is also true when only something the form does not list moved on (its images, say),
 * which the revision or the update time tells.
 */
export const unitChangesSince = (base: UnitDetail, current: UnitDetail): { changed: boolean; fields: UnitFieldChange[] } => {
  const fields: UnitFieldChange[] = [];
  for (const field of Object.keys(FIELDS) as (keyof typeof FIELDS)[]) {
    const before = show(base, field);
    const after = show(current, field);
    if (before !== after) fields.push({ field, label: FIELDS[field], before, after });
  }
  const moved = (base.revision ?? null) !== (current.revision ?? null) || base.updatedAt !== current.updatedAt;
  return { changed: moved || fields.length > 0, fields };
};

/** 'Status: Available → Sold; Price: AED 1 → AED 2', or the form's generic word when no listed field moved. */
export const describeChanges = (fields: readonly UnitFieldChange[]): string =>
  fields.length === 0 ? UNIT_FORM_TEXT.otherDetails : fields.map((change) => `${change.label}: ${change.before} → ${change.after}`).join('; ');
