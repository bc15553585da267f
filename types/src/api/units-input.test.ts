import { describe, expect, it } from 'vitest';
import { BATCH_MESSAGES } from '../rules/batch';
import { bulkDeleteInputSchema, bulkStatusInputSchema, createUnitsInputSchema, updateUnitInputSchema } from './units-input';

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => ({
    field: issue.path.join('.'),
    message: issue.message,
  }));

describe('unit contract schemas', () => {
  it("give the spec's messages for a missing unit list and a missing unit number", () => {
    expect(issues(createUnitsInputSchema.safeParse({}))).toEqual([{ field: 'units', message: 'Missing required field: unitNumber' }]);
    expect(issues(createUnitsInputSchema.safeParse({ units: [{}] }))).toEqual([{ field: 'unitNumber', message: 'Unit number is required' }]);
    expect(issues(updateUnitInputSchema.safeParse({ unitNumber: '' }))).toEqual([{ field: 'unitNumber', message: 'Unit number is required' }]);
  });

  it('put a batch problem on units.{index}.{field} and a single unit problem on the field', () => {
    expect(
      issues(
        createUnitsInputSchema.safeParse({
          units: [{ unitNumber: 'A1' }, { unitNumber: 'A2', price: 1e308 }],
        }),
      ),
    ).toEqual([
      {
        field: 'units.1.price',
        message: 'Price must be at most 10,000,000,000',
      },
    ]);
    expect(
      issues(
        createUnitsInputSchema.safeParse({
          units: [{ unitNumber: 'A1', saleDetails: {} }],
        }),
      ),
    ).toEqual([{ field: 'saleDetails', message: 'saleDetails cannot be set here' }]);
    expect(
      issues(
        createUnitsInputSchema.safeParse({
          units: Array.from({ length: 51 }, (_, i) => ({
            unitNumber: `U${i}`,
          })),
        }),
      )?.[0].message,
    ).toBe('Between 1 and 50 units can be created at once');
  });

  it('normalise what they accept as the unit rule does', () => {
    expect(
      createUnitsInputSchema.parse({
        units: [{ unitNumber: ' A1 ', area: '512.345', price: '' }],
      }).units[0],
    ).toEqual({
      unitNumber: 'A1',
      area: 512.35,
      price: null,
      status: 'available',
      available: true,
    });
    expect(updateUnitInputSchema.parse({ price: 5, revision: 3 })).toEqual({
      price: 5,
      revision: 3,
    });
    expect(updateUnitInputSchema.safeParse({ revision: 2 ** 53 }).success).toBe(false);
  });

  it('check bulk bodies: statuses, ids, unknown fields', () => {
    expect(issues(bulkStatusInputSchema.safeParse({ ids: [1], status: 'gone' }))).toEqual([
      {
        field: 'status',
        message: 'Status must be one of available, sold, reserved, unavailable, occupied',
      },
    ]);
    expect(issues(bulkStatusInputSchema.safeParse({ ids: [], status: 'sold' }))).toEqual([{ field: 'ids', message: 'Select at least one unit' }]);
    expect(issues(bulkDeleteInputSchema.safeParse({ ids: [1, 2 ** 31] }))).toEqual([{ field: 'ids', message: 'Invalid id' }]);
    expect(bulkDeleteInputSchema.parse({ ids: [3, '3', 4] })).toEqual({
      ids: [3, 4],
    });
    expect(bulkDeleteInputSchema.safeParse({ ids: [1], all: true }).success).toBe(false);
  });

  it('leave the batch numbering messages to the batch rule the form uses', () => {
    expect(BATCH_MESSAGES.prefixRequired).toBe('Prefix is required for the selected unit number format');
  });
});
