import { HANDOVER_STATUSES, PAYMENT_STATUSES, REGISTRATION_STATUSES, saveSaleDetailsInputSchema, setArchivedInputSchema } from '@repo/types';
import { parseId, refuseQuery } from '../../../http/request';
import { parseInput } from '../../../http/parse';
import { currentViewer } from '../../../http/current-viewer';
import { portalService } from '../../../server/services';
import { fieldErrors } from '../../../http/errors';
import { PROJECT_NOT_FOUND } from '../../project/messages';
import { UNIT_NOT_FOUND } from '../../unit/messages';

const SALE_STATUSES = new Set<string>([...REGISTRATION_STATUSES, ...HANDOVER_STATUSES, ...PAYMENT_STATUSES]);

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
      const viewer = currentViewer(ctx);
      const input = parseInput(saveSaleDetailsInputSchema, ctx.request.body);
      return { data: await sales().saveSaleDetails(viewer, parseId(ctx.params.id, UNIT_NOT_FOUND), input) };
    },

    /** PUT /units/:id/archive { archived }: idempotent. */
    async setArchive(ctx: Ctx) {
      refuseQuery(ctx);
      const viewer = currentViewer(ctx);
      const { archived } = parseInput(setArchivedInputSchema, ctx.request.body);
      return { data: await sales().setArchived(viewer, parseId(ctx.params.id, UNIT_NOT_FOUND), archived) };
    },
  };
};
