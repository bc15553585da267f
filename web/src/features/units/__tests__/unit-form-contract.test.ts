import { describe, expect, it } from 'vitest';
import { createUnitsInputSchema, updateUnitInputSchema } from '@repo/types';
import { checkNewUnits, checkUnitEdit, DEFAULT_BATCH, EMPTY_UNIT_VALUES } from '../utils/unit-form-values';

/**
 * The unit forms and the API contract give the same message for the same mistake (issue #23 item 5,
 * issue #25 findings 7 and 10): huge numbers, control characters, a missing unit number.
 */
const schemaMessage = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  result.error?.issues.find((issue) => issue.path[issue.path.length - 1] === field)?.message;

describe('unit form contract', () => {
  it('the edit form refuses what PUT /units/:id refuses, in the same words', () => {
    const cases: [keyof typeof EMPTY_UNIT_VALUES, string][] = [
      ['price', '1e308'],
      ['area', '2000000'],
      ['bedrooms', '101'],
      ['bathrooms', '1.25'],
      ['floor', '999'],
      ['unitNumber', ''],
      ['view', 'Sea\u0000'],
    ];
    for (const [field, typed] of cases) {
      const values = {
        ...EMPTY_UNIT_VALUES,
        unitNumber: 'A1',
        price: '1000',
        [field]: typed,
      };
      const fromForm = checkUnitEdit(values).errors[field];
      expect(fromForm, `${field}=${typed}`).toBeTruthy();
      expect(fromForm).toBe(schemaMessage(updateUnitInputSchema.safeParse(values), field));
    }
  });

  it('the Add New Unit modal refuses what POST /projects/:id/units refuses, in the same words', () => {
    const values = { ...EMPTY_UNIT_VALUES, unitNumber: 'A\n1', price: '1e308' };
    const { errors } = checkNewUnits(values, DEFAULT_BATCH);
    const server = createUnitsInputSchema.safeParse({ units: [values] });
    expect(errors.unitNumber).toBe('Unit number must be a single line without control characters');
    expect(errors.unitNumber).toBe(schemaMessage(server, 'unitNumber'));
    expect(errors.price).toBe('Price must be at most 10,000,000,000');
    expect(errors.price).toBe(schemaMessage(server, 'price'));
  });
});
