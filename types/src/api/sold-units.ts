import { z } from 'zod';
import { HANDOVER_STATUSES, PAYMENT_STATUSES, REGISTRATION_STATUSES, type SaleDetails } from '../domain';
import { revisionSchema } from './projects-input';
import { hasControlCharacters, TEXT_MESSAGES, type TextKind } from '../rules/text';
import { SALE_DETAILS_LABELS } from '../rules/sale-details';

/**
 * Sold Units Management (spec §2; §3 Sale details; §4 Sale details; §5 Sale amounts; §8 Sold
 * units). The server implements it in cms/src/api/sold-unit; the web calls it from
 * web/src/features/sold-units/api and its sale details form validates with the same schema.
 * Every route is admin-only. Paths are relative to /api.
 *
 * Stale writes: sale details live on their unit, so they carry the unit's `revision` (every sold
 * units list item has it, as does the admin's unit detail). A save sends the revision it was read
 * at; one from an older revision, including one read before any edit of that unit, gets 409
 * SOLD_UNIT_MESSAGES.stale and nothing is written. Of two saves from the same revision exactly one
 * succeeds.
 */
export const SOLD_UNIT_PATHS = {
  list: '/sold-units',
  saleDetails: (unitId: number | string) => `/units/${unitId}/sale-details`,
  archive: (unitId: number | string) => `/units/${unitId}/archive`,
} as const;

export const SOLD_UNIT_MESSAGES = {
  stale: 'These sale details were changed by someone else. Reload to see the latest version.',
  revisionRequired: 'revision is required: send the revision the sale details were read at',
  notSold: 'Sale details can be saved only for sold units',
  tooLarge: 'Sale details are too large',
  archived: 'archived must be true or false',
} as const;

/** Sale details are a handful of fields plus a few extras; anything bigger is not a sale record. */
export const MAX_SALE_DETAILS_CHARS = 10_000;

const LABELS = SALE_DETAILS_LABELS;

const isBlank = (value: unknown) => value === null || (typeof value === 'string' && value.trim() === '');

/** A decimal as the form's number input gives it, or a number; '0x10' and '1e3' are not amounts. */
const DECIMAL = /^\s*\d*\.?\d+\s*$/;
const amountValue = (raw: unknown) => (typeof raw === 'number' ? raw : typeof raw === 'string' && DECIMAL.test(raw) ? Number(raw) : Number.NaN);
/** Whole cents, allowing for binary floating point (0.29 * 100 is 28.999...). */
const inCents = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/**
 * Spec §5 'Sale amounts: numeric, min 0, step 0.01'. Blank clears the amount. When the shared
 * amount rule of rules/ lands (with its sane maximum), this is the one line to switch.
 */
const amount = (label: string) =>
  z
    .union([z.number(), z.string(), z.null()], { error: `${label} must be a number of 0 or more` })
    .superRefine((raw, context) => {
      if (isBlank(raw)) return;
      const value = amountValue(raw);
      if (!Number.isFinite(value) || value < 0) context.addIssue({ code: 'custom', message: `${label} must be a number of 0 or more` });
      else if (!inCents(value)) context.addIssue({ code: 'custom', message: `${label} must be in steps of 0.01` });
    })
    .optional();

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;
/** An ISO date that exists ('2024-02-30' is refused, not rolled over into March). */
const isIsoDate = (value: string) => {
  const match = ISO_DATE.exec(value.trim());
  if (!match || Number.isNaN(Date.parse(value.trim()))) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};
const date = (label: string) =>
  z
    .union([z.string(), z.null()], { error: `${label} must be a valid date` })
    .refine((raw) => isBlank(raw) || (typeof raw === 'string' && isIsoDate(raw)), `${label} must be a valid date`)
    .optional();

/** A status, or blank for 'not chosen' (statuses are never cleared). */
const status = (label: string, allowed: readonly string[]) =>
  z
    .union([z.string(), z.null()], { error: `${label} must be one of: ${allowed.join(', ')}` })
    .refine((raw) => isBlank(raw) || (typeof raw === 'string' && allowed.includes(raw)), `${label} must be one of: ${allowed.join(', ')}`)
    .optional();

/**
 * Text of at most `max` characters (numbers are read as text), without the control characters its
 * kind refuses (rules/text.ts, issue #25 finding 10): the registration number is one line, the notes
 * keep their line breaks.
 */
const text = (label: string, max: number, kind: TextKind = 'single-line') =>
  z
    .union([z.string(), z.number(), z.null()], { error: `${label} must be text` })
    .refine((raw) => typeof raw !== 'number' || Number.isFinite(raw), `${label} must be text`)
    .refine((raw) => String(raw ?? '').length <= max, `${label} must be at most ${max} characters`)
    .refine(
      (raw) => typeof raw !== 'string' || !hasControlCharacters(raw, kind),
      kind === 'single-line' ? TEXT_MESSAGES.singleLine(label) : TEXT_MESSAGES.multiLine(label),
    )
    .optional();

const saleDetailsFields = {
  registrationDate: date(LABELS.registrationDate),
  registrationNumber: text(LABELS.registrationNumber, 120),
  registrationStatus: status(LABELS.registrationStatus, REGISTRATION_STATUSES),
  handoverDate: date(LABELS.handoverDate),
  handoverStatus: status(LABELS.handoverStatus, HANDOVER_STATUSES),
  paymentStatus: status(LABELS.paymentStatus, PAYMENT_STATUSES),
  totalAmount: amount(LABELS.totalAmount),
  paidAmount: amount(LABELS.paidAmount),
  notes: text(LABELS.notes, MAX_SALE_DETAILS_CHARS, 'multi-line'),
};
/** Derived by the server whatever is sent (spec §4; remaining is read-only in the form): accepted, ignored. */
const derivedFields = { remainingAmount: z.unknown().optional(), lastUpdated: z.unknown().optional() };

const withinSize = (details: Record<string, unknown>) => JSON.stringify(details).length <= MAX_SALE_DETAILS_CHARS;

/**
 * PUT /units/:id/sale-details. The named fields are checked; further fields are merged as given
 * (spec §3), so this one schema is not strict: it is bounded in size instead. The server derives
 * the statuses and the remaining amount again (rules/sale-details.ts), whatever the client sent.
 */
export const saveSaleDetailsInputSchema = z
  .object({ ...saleDetailsFields, ...derivedFields, revision: revisionSchema(SOLD_UNIT_MESSAGES.revisionRequired) })
  .catchall(z.unknown())
  .refine(withinSize, { message: SOLD_UNIT_MESSAGES.tooLarge, path: ['saleDetails'] });

/** The sale details form's fields (the revision is not a field: the form sends the one it read). */
export const saleDetailsFormSchema = z.object(saleDetailsFields);

/** PUT /units/:id/archive: idempotent. */
export const setArchivedInputSchema = z.strictObject({ archived: z.boolean({ error: SOLD_UNIT_MESSAGES.archived }) });

export type SaveSaleDetailsInput = z.input<typeof saveSaleDetailsInputSchema>;
export type SaleDetailsFormValues = z.input<typeof saleDetailsFormSchema>;
export type SaleDetailsFormOutput = z.output<typeof saleDetailsFormSchema>;
export type SetArchivedInput = z.input<typeof setArchivedInputSchema>;

/** One row of GET /sold-units: a sold unit with its sale details (the initial ones when it has none). */
export interface SoldUnit {
  id: number;
  unitNumber: string;
  name: string | null;
  projectId: number;
  projectName: string | null;
  price: number | null;
  status: 'sold';
  archived: boolean;
  overdue: boolean;
  updatedAt: string;
  /** The unit's revision: what a sale details save sends back. */
  revision: number;
  saleDetails: SaleDetails;
}

/** PUT sale-details: the stored sale details as derived by the server, and the unit's new revision. */
export type SavedSaleDetails = SaleDetails & { revision: number };

/** PUT archive: `changed` is false when the unit already was in that state. */
export interface ArchiveResult {
  id: number;
  archived: boolean;
  changed: boolean;
}
