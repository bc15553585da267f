import { z } from 'zod';
import { LIMITS, UNIT_STATUSES } from '../domain';
import { normaliseUnitInput, UNIT_INPUT_MESSAGES, UNIT_WRITABLE_FIELDS, type UnitWritable } from '../rules/unit-input';
import { MAX_BULK_IDS, UNIT_API_MESSAGES } from './units';

/**
 * The request bodies of the unit routes of ./units.ts as zod schemas, read by the server with
 * parseInput (cms/src/http/parse.ts) and by the web's unit forms. Every field rule is the shared unit
 * rule (rules/unit-input.ts, with the numeric ranges of rules/numbers.ts and the control-character
 * rule of rules/text.ts): a schema here only says which fields a route takes, so the same mistake
 * gives the same message on both sides.
 */

/** Record ids are 32-bit integers on PostgreSQL (cms/src/db/record-id.ts). */
const MAX_RECORD_ID = 2_147_483_647;

const fieldShape = Object.fromEntries(UNIT_WRITABLE_FIELDS.map((field) => [field, z.unknown().optional()])) as Record<
  (typeof UNIT_WRITABLE_FIELDS)[number],
  z.ZodOptional<z.ZodUnknown>
>;

/** The unit rule as a zod transform: each problem on its field, the normalised unit as the output. */
const unitRule =
  (partial: boolean) =>
  (raw: Record<string, unknown>, context: z.RefinementCtx): Partial<UnitWritable> => {
    const { value, errors } = normaliseUnitInput(raw, { partial });
    for (const error of errors)
      context.addIssue({
        code: 'custom',
        path: [error.field],
        message: error.message,
      });
    return errors.length > 0 ? z.NEVER : value;
  };

/** One unit of POST /projects/:id/units: a unit number is required ('Unit number is required'), status defaults to available. */
export const createUnitInputSchema = z.strictObject(fieldShape).transform(unitRule(false));

/**
 * POST /projects/:id/units: one unit or a batch of 1 to 50, created all or nothing; notifyAgents
 * e-mails the agents afterwards. A problem of a batch's unit is on 'units.{index}.{field}', of a
 * single unit on the field itself, as the form shows it.
 */
export const createUnitsInputSchema = z
  .strictObject({
    units: z
      .array(z.unknown(), { error: UNIT_API_MESSAGES.unitsRequired })
      .min(LIMITS.batchMin, { error: UNIT_API_MESSAGES.unitsCount })
      .max(LIMITS.batchMax, { error: UNIT_API_MESSAGES.unitsCount }),
    notifyAgents: z.boolean({ error: UNIT_API_MESSAGES.notifyAgents }).optional(),
  })
  .transform(({ units, notifyAgents }, context) => {
    const values = units.map((unit, index) => {
      const result = createUnitInputSchema.safeParse(unit);
      const prefix = units.length > 1 ? ['units', index] : [];
      for (const issue of result.error?.issues ?? []) {
        if (issue.code === 'unrecognized_keys') {
          for (const key of issue.keys)
            context.addIssue({
              code: 'custom',
              path: [...prefix, key],
              message: UNIT_INPUT_MESSAGES.unknown(key),
            });
        } else
          context.addIssue({
            code: 'custom',
            path: [...prefix, ...issue.path],
            message: issue.message,
          });
      }
      return result.data;
    });
    if (values.some((value) => value === undefined)) return z.NEVER;
    return { units: values as Partial<UnitWritable>[], notifyAgents };
  });

/** PUT /units/:id: a partial edit; the revision read earlier turns on the stale-write check (409). */
export const updateUnitInputSchema = z
  .strictObject({
    ...fieldShape,
    revision: z
      .int({ error: UNIT_API_MESSAGES.revision })
      .min(0, { error: UNIT_API_MESSAGES.revision })
      .max(MAX_RECORD_ID, { error: UNIT_API_MESSAGES.revision })
      .optional(),
  })
  .transform(({ revision, ...fields }, context) => {
    const value = unitRule(true)(fields, context);
    return revision === undefined ? value : { ...value, revision };
  });

/** A list of record ids, one message on the list's own field as before (a number or its digits). */
const idListSchema = z.unknown().transform((raw, context): number[] => {
  if (!Array.isArray(raw) || raw.length === 0) {
    context.addIssue({
      code: 'custom',
      message: UNIT_API_MESSAGES.idsRequired,
    });
    return z.NEVER;
  }
  if (raw.length > MAX_BULK_IDS) {
    context.addIssue({
      code: 'custom',
      message: UNIT_API_MESSAGES.idsTooMany(MAX_BULK_IDS),
    });
    return z.NEVER;
  }
  const ids = raw.map((value) => (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)) ? Number(value) : Number.NaN));
  if (!ids.every((id) => Number.isInteger(id) && id >= 1 && id <= MAX_RECORD_ID)) {
    context.addIssue({ code: 'custom', message: UNIT_API_MESSAGES.invalidId });
    return z.NEVER;
  }
  return [...new Set(ids)];
});

/** POST /units/bulk-status (spec §4: any status to any other). */
export const bulkStatusInputSchema = z.strictObject({
  ids: idListSchema,
  status: z.enum(UNIT_STATUSES, { error: UNIT_API_MESSAGES.status }),
});

/** POST /units/bulk-delete. */
export const bulkDeleteInputSchema = z.strictObject({ ids: idListSchema });
