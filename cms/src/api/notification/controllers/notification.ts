import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { NOTIFICATION_MESSAGES, NOTIFICATION_MODES, type NotificationMode } from '@repo/types';
import { bodyObject, parseId, refuseQuery, refuseUnknownFields } from '../../../http/request';
import { currentViewer } from '../../../http/current-viewer';
import { portalService } from '../../../server/services';
import { fieldErrors } from '../../../http/errors';
import { PROJECT_NOT_FOUND } from '../../project/messages';
import { isRecordId } from '../../../db';
import type { SendInput } from '../services/notification';

/** One notification lists at most this many units: the e-mail stays readable and bounded. */
const MAX_UNITS = 500;
const MAX_RECIPIENTS = 1000;

type Ctx = Parameters<typeof refuseQuery>[0] & { params: Record<string, string> };

const readMode = (raw: unknown, fallback?: NotificationMode): NotificationMode => {
  if (raw === undefined && fallback) return fallback;
  if ((NOTIFICATION_MODES as readonly unknown[]).includes(raw)) return raw as NotificationMode;
  throw fieldErrors("mode must be 'all' or 'select'", [{ field: 'mode', message: "Must be 'all' or 'select'" }]);
};

/** A list of ids; an absent or empty one gets the spec's "select at least one" message. */
const readIdList = (raw: unknown, field: string, emptyMessage: string, max: number): number[] => {
  if (raw === undefined || (Array.isArray(raw) && raw.length === 0)) throw fieldErrors(emptyMessage, [{ field, message: emptyMessage }]);
  if (!Array.isArray(raw) || raw.length > max) throw fieldErrors(`${field} must be a list of at most ${max} ids`, [{ field, message: 'Invalid list' }]);
  if (!raw.every(isRecordId)) throw fieldErrors(`${field} must hold positive whole numbers`, [{ field, message: 'Invalid id' }]);
  return [...new Set(raw as number[])];
};

/** The body of a send and of its preview; only the message for "no unit" differs (spec §5). */
const readSendInput = (ctx: Ctx, noUnitMessage: string): SendInput => {
  refuseQuery(ctx);
  currentViewer(ctx);
  const body = bodyObject(ctx);
  refuseUnknownFields(body, ['projectId', 'unitIds', 'mode', 'recipientIds']);
  const unitIds = readIdList(body.unitIds, 'unitIds', noUnitMessage, MAX_UNITS);
  const mode = readMode(body.mode);
  const recipientIds =
    mode === 'select' ? readIdList(body.recipientIds, 'recipientIds', NOTIFICATION_MESSAGES.selectRecipient, MAX_RECIPIENTS) : [];
  if (mode === 'all' && Array.isArray(body.recipientIds) && body.recipientIds.length > 0) {
    throw new errors.ValidationError("recipientIds are chosen only in 'select' mode");
  }
  if (body.projectId === undefined) throw fieldErrors('Missing required field: projectId', [{ field: 'projectId', message: 'Required' }]);
  return { projectId: parseId(body.projectId, PROJECT_NOT_FOUND), unitIds, mode, recipientIds };
};

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = () => portalService(strapi, 'api::notification.notification');

  return {
    /** GET /projects/:id/notification-recipients?mode=select|all: the agents the picker offers. */
    async recipients(ctx: Ctx) {
      refuseQuery(ctx, ['mode']);
      currentViewer(ctx);
      const mode = readMode(ctx.query?.mode, 'select');
      return { data: await service().recipients(parseId(ctx.params.id, PROJECT_NOT_FOUND), mode), meta: { mode } };
    },

    /** POST /notifications/units { projectId, unitIds, mode, recipientIds }. */
    async sendUnits(ctx: Ctx) {
      return { data: await service().sendForUnits(readSendInput(ctx, NOTIFICATION_MESSAGES.selectUnit)) };
    },

    /** POST /notifications/units/preview, the same body as a send: what it would send, per recipient; nothing is sent. */
    async previewUnits(ctx: Ctx) {
      return { data: await service().preview(readSendInput(ctx, NOTIFICATION_MESSAGES.previewNeedsUnit)) };
    },
  };
};
