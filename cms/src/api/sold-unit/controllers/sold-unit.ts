import { HANDOVER_STATUSES, PAYMENT_STATUSES, REGISTRATION_STATUSES } from '@repo/types';
import { bodyObject, parseId, refuseQuery, refuseUnknownFields } from '../../../http/request';
import { currentViewer } from '../../../http/current-viewer';
import { portalService } from '../../../server/services';
import { fieldErrors } from '../../../http/errors';
import { PROJECT_NOT_FOUND } from '../../project/messages';
import { UNIT_NOT_FOUND } from '../../unit/messages';

const SALE_STATUSES = new Set<string>([...REGISTRATION_STATUSES, ...HANDOVER_STATUSES, ...PAYMENT_STATUSES]);
/** Sale details are a handful of fields plus a few extras; anything bigger is not a sale record. */
const MAX_SALE_DETAILS_BYTES = 10_000;

const readFlag = (raw: unknown, field: string, fallback: boolean) => {
  if (raw === undefined) return fallback;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw fieldErrors(`${field} must be true or false`, [{ field, message: 'Must be true or false' }]);
};

type Ctx = Parameters<typeof refuseQuery>[0] & { params: Record<string, string> };

export default ({ strapi }: { strapi: import('@strapi/strapi').Core.Strapi }) => {
  const sales = () => portalService(strapi, 'api::sold-unit.sold-unit');

  return {
    /** GET /sold-units?projectId=&saleStatus=&archived=&overdue= (admin only). */
    async list(ctx: Ctx) {
      refuseQuery(ctx, ['projectId', 'saleStatus', 'archived', 'overdue']);
      currentViewer(ctx);
      const query = ctx.query ?? {};
      const projectId = query.projectId === undefined ? undefined : parseId(query.projectId, PROJECT_NOT_FOUND);
      const saleStatus = query.saleStatus;
      if (saleStatus !== undefined && (typeof saleStatus !== 'string' || !SALE_STATUSES.has(saleStatus))) {
        throw fieldErrors('Unknown sale status', [{ field: 'saleStatus', message: 'Unknown sale status' }]);
      }
      const data = await sales().listSold({
        projectId,
        saleStatus: saleStatus as string | undefined,
        archived: readFlag(query.archived, 'archived', false),
        overdue: readFlag(query.overdue, 'overdue', false),
      });
      return { data, meta: { total: data.length } };
    },

    /** PUT /units/:id/sale-details: derived fields are recomputed by the server. */
    async saveSaleDetails(ctx: Ctx) {
      refuseQuery(ctx);
      const body = bodyObject(ctx);
      if (JSON.stringify(body).length > MAX_SALE_DETAILS_BYTES) {
        throw fieldErrors('Sale details are too large', [{ field: 'saleDetails', message: 'Too large' }]);
      }
      return { data: await sales().saveSaleDetails(currentViewer(ctx), parseId(ctx.params.id, UNIT_NOT_FOUND), body) };
    },

    /** PUT /units/:id/archive { archived }: idempotent. */
    async setArchive(ctx: Ctx) {
      refuseQuery(ctx);
      const body = bodyObject(ctx);
      refuseUnknownFields(body, ['archived']);
      if (typeof body.archived !== 'boolean') throw fieldErrors('archived must be true or false', [{ field: 'archived', message: 'Must be true or false' }]);
      return { data: await sales().setArchived(currentViewer(ctx), parseId(ctx.params.id, UNIT_NOT_FOUND), body.archived) };
    },
  };
};
