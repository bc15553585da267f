import type { Core } from '@strapi/strapi';
import { notificationRecipientsQuerySchema, previewNotificationInputSchema, PROJECT_MESSAGES, sendNotificationInputSchema } from '@repo/types';
import { parseId, requestBody } from '../../../http/request';
import { parseInput, parseQuery } from '../../../http/parse';
import { currentViewer } from '../../../http/current-viewer';
import { portalService } from '../../../server/services';
import type { SendInput } from '../services/notification';

type Ctx = { params: Record<string, string>; query?: unknown; request: unknown };

/** The body of a send or of its preview (types/src/api/notifications.ts), with its project read as a record id (404 otherwise). */
const readSendInput = (ctx: Ctx, schema: typeof sendNotificationInputSchema): SendInput => {
  currentViewer(ctx);
  const input = parseInput(schema, requestBody(ctx));
  return { ...input, projectId: parseId(input.projectId, PROJECT_MESSAGES.notFound) };
};

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = () => portalService(strapi, 'api::notification.notification');

  return {
    /** GET /projects/:id/notification-recipients?mode=select|all: the agents the picker offers. */
    async recipients(ctx: Ctx) {
      currentViewer(ctx);
      const { mode } = parseQuery(notificationRecipientsQuerySchema, ctx.query);
      return { data: await service().recipients(parseId(ctx.params.id, PROJECT_MESSAGES.notFound), mode), meta: { mode } };
    },

    /** POST /notifications/units { projectId, unitIds, mode, recipientIds }. */
    async sendUnits(ctx: Ctx) {
      return { data: await service().sendForUnits(readSendInput(ctx, sendNotificationInputSchema)) };
    },

    /** POST /notifications/units/preview, the same body as a send: what it would send, per recipient; nothing is sent. */
    async previewUnits(ctx: Ctx) {
      return { data: await service().preview(readSendInput(ctx, previewNotificationInputSchema)) };
    },
  };
};
