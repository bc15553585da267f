import type { Core } from '@strapi/strapi';
import { saveSaleDetailsInputSchema, setArchivedInputSchema, UNIT_API_MESSAGES } from '@repo/types';
import { parseId, requestBody } from '../../../http/request';
import { parseInput } from '../../../http/parse';
import { currentViewer } from '../../../http/current-viewer';
import { portalService } from '../../../server/services';
import { readSoldUnitsQuery } from '../lib/list-query';

type Ctx = { params: Record<string, string>; query?: unknown; request: unknown };

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const sales = () => portalService(strapi, 'api::sold-unit.sold-unit');

  return {
    /** GET /sold-units?projectId=&saleStatus=&archived=&overdue= (admin only). */
    async list(ctx: Ctx) {
      currentViewer(ctx);
      const data = await sales().listSold(readSoldUnitsQuery(ctx.query));
      return { data, meta: { total: data.length } };
    },

    /** PUT /units/:id/sale-details: derived fields are recomputed by the server. */
    async saveSaleDetails(ctx: Ctx) {
      const viewer = currentViewer(ctx);
      const input = parseInput(saveSaleDetailsInputSchema, requestBody(ctx));
      return { data: await sales().saveSaleDetails(viewer, parseId(ctx.params.id, UNIT_API_MESSAGES.notFound), input) };
    },

    /** PUT /units/:id/archive { archived }: idempotent. */
    async setArchive(ctx: Ctx) {
      const viewer = currentViewer(ctx);
      const { archived } = parseInput(setArchivedInputSchema, requestBody(ctx));
      return { data: await sales().setArchived(viewer, parseId(ctx.params.id, UNIT_API_MESSAGES.notFound), archived) };
    },
  };
};
