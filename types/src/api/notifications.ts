import { z } from 'zod';
import { NOTIFICATION_MESSAGES, NOTIFICATION_MODES, type NotificationMode } from '../rules/notifications';
import { objectInput } from './images';

/**
 * The notification API's input (spec §2 e-mail modal, §6 recipients, §7 send notification), read on
 * the server with parseInput and parseQuery (cms/src/http/parse.ts); cms/src/api/notification
 * implements it. Every route is admin-only. Paths are relative to /api:
 * - GET /projects/:id/notification-recipients?mode=select|all: the agents the picker offers;
 * - POST /notifications/units, and POST /notifications/units/preview with the same body, which
 *   answers what the send would send and sends nothing.
 */

/** One notification lists at most this many units: the e-mail stays readable and bounded. */
export const MAX_NOTIFICATION_UNITS = 500;
export const MAX_NOTIFICATION_RECIPIENTS = 1000;

/** Record ids are 32-bit integers on PostgreSQL (cms/src/db/record-id.ts). */
const MAX_RECORD_ID = 2_147_483_647;

export const NOTIFICATION_INPUT_MESSAGES = {
  mode: "Must be 'all' or 'select'",
  modeSummary: "mode must be 'all' or 'select'",
  list: 'Invalid list',
  listSummary: (field: string, max: number) => `${field} must be a list of at most ${max} ids`,
  id: 'Invalid id',
  idSummary: (field: string) => `${field} must hold positive whole numbers`,
  recipientsOnlyInSelect: "recipientIds are chosen only in 'select' mode",
  required: 'Required',
  projectIdRequired: 'Missing required field: projectId',
} as const;

const MESSAGES = NOTIFICATION_INPUT_MESSAGES;

const isRecordId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_RECORD_ID;

const modeSchema = z.custom<NotificationMode>((value) => (NOTIFICATION_MODES as readonly unknown[]).includes(value), {
  error: MESSAGES.mode,
  params: { summary: MESSAGES.modeSummary },
});

/** The problem with a list of ids, as a custom issue (an absent or empty list gets the spec's "select at least one"), or null. */
const idListIssue = (raw: unknown, field: string, emptyMessage: string, max: number) => {
  const issue = (message: string, summary: string) => ({ code: 'custom' as const, message, params: { summary } });
  if (raw === undefined || (Array.isArray(raw) && raw.length === 0)) return issue(emptyMessage, emptyMessage);
  if (!Array.isArray(raw) || raw.length > max) return issue(MESSAGES.list, MESSAGES.listSummary(field, max));
  if (!raw.every(isRecordId)) return issue(MESSAGES.id, MESSAGES.idSummary(field));
  return null;
};

/** A list of ids, each once. */
const idList = (field: string, emptyMessage: string, max: number) =>
  z
    .unknown()
    .optional()
    .transform((raw, context) => {
      const issue = idListIssue(raw, field, emptyMessage, max);
      if (!issue) return [...new Set(raw as number[])];
      context.addIssue(issue);
      return z.NEVER;
    });

/**
 * The body of a send and of its preview; only the message for "no unit" differs (spec §5). Checked
 * in this order: the units, the mode, the recipients (a list in 'select' mode; none in 'all' mode),
 * the project. `projectId` stays as sent: the server reads it as a record id, answering 404 for one
 * that cannot exist, as for a project in the path.
 */
const notificationInputSchema = (noUnitMessage: string) =>
  objectInput({
    unitIds: idList('unitIds', noUnitMessage, MAX_NOTIFICATION_UNITS),
    mode: modeSchema,
    recipientIds: z.unknown().optional(),
    projectId: z.unknown().optional(),
  }).transform(({ unitIds, mode, recipientIds, projectId }, context) => {
    const recipientsIssue =
      mode === 'select' ? idListIssue(recipientIds, 'recipientIds', NOTIFICATION_MESSAGES.selectRecipient, MAX_NOTIFICATION_RECIPIENTS) : null;
    if (recipientsIssue) context.addIssue({ ...recipientsIssue, path: ['recipientIds'] });
    else if (mode === 'all' && Array.isArray(recipientIds) && recipientIds.length > 0) {
      context.addIssue({ code: 'custom', message: MESSAGES.recipientsOnlyInSelect, params: { formLevel: true } });
    } else if (projectId === undefined) {
      context.addIssue({ code: 'custom', path: ['projectId'], message: MESSAGES.required, params: { summary: MESSAGES.projectIdRequired } });
    } else {
      return { projectId, unitIds, mode, recipientIds: mode === 'select' ? [...new Set(recipientIds as number[])] : [] };
    }
    return z.NEVER;
  });

/** POST /notifications/units { projectId, unitIds, mode, recipientIds }. */
export const sendNotificationInputSchema = notificationInputSchema(NOTIFICATION_MESSAGES.selectUnit);

/** POST /notifications/units/preview: the body of a send. */
export const previewNotificationInputSchema = notificationInputSchema(NOTIFICATION_MESSAGES.previewNeedsUnit);

/** GET /projects/:id/notification-recipients?mode=: 'select' when absent. */
export const notificationRecipientsQuerySchema = z.strictObject({ mode: modeSchema.default('select') });
