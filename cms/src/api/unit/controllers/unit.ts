import { factories } from '@strapi/strapi';
import {
  bulkDeleteInputSchema,
  bulkStatusInputSchema,
  createUnitsInputSchema,
  PROJECT_MESSAGES,
  UNIT_API_MESSAGES,
  updateUnitInputSchema,
  type UnitStatusChangeResult,
} from '@repo/types';
import { parseId, requestBody } from '../../../http/request';
import { parseInput } from '../../../http/parse';
import { currentViewer } from '../../../http/current-viewer';
import { answeredNotModified } from '../../../http/conditional';
import { portalService } from '../../../server/services';
import { cachedListBody } from '../lib/list-cache';
import { projectListTag } from '../lib/project-list';

export default factories.createCoreController('api::unit.unit', ({ strapi }) => {
  const reads = () => portalService(strapi, 'api::unit.unit');
  const writes = () => portalService(strapi, 'api::unit.unit-writes');

  return {
    /**
     * All units of a project in one response, revalidated by ETag (304 when nothing changed); the
     * text of a version already sent to someone of the same scope is sent again as it was (list-cache.ts).
     */
    async listByProject(ctx) {
      const viewer = currentViewer(ctx);
      const { projectId, etag } = await projectListTag(strapi, viewer, parseId(ctx.params.id, PROJECT_MESSAGES.notFound));
      if (answeredNotModified(ctx, etag)) return;
      const body = await cachedListBody(etag, async () => {
        const data = await reads().listForProject(viewer, projectId);
        return JSON.stringify({ data, meta: { total: data.length } });
      });
      ctx.type = 'application/json';
      ctx.body = body;
    },

    async findOne(ctx) {
      return { data: await reads().findVisible(currentViewer(ctx), parseId(ctx.params.id, UNIT_API_MESSAGES.notFound)) };
    },

    /** One unit or a batch (`units`: 1 to 50), in one transaction; `notifyAgents: true` e-mails the agents afterwards. */
    async createInProject(ctx) {
      const viewer = currentViewer(ctx);
      const projectId = parseId(ctx.params.id, PROJECT_MESSAGES.notFound);
      const input = parseInput(createUnitsInputSchema, requestBody(ctx));
      const ids = await writes().createUnits(viewer, projectId, input.units, { notifyAgents: input.notifyAgents === true });
      const data = await Promise.all(ids.map((id) => reads().findVisible(viewer, id)));
      ctx.status = 201;
      return { data, meta: { created: data.length } };
    },

    async update(ctx) {
      const viewer = currentViewer(ctx);
      const unitId = parseId(ctx.params.id, UNIT_API_MESSAGES.notFound);
      const id = await writes().updateUnit(viewer, unitId, parseInput(updateUnitInputSchema, requestBody(ctx)));
      return { data: await reads().findVisible(viewer, id) };
    },

    async delete(ctx) {
      const id = parseId(ctx.params.id, UNIT_API_MESSAGES.notFound);
      const result = await writes().deleteUnits(currentViewer(ctx), [id], { mustExist: true });
      return { data: { id, ...result } };
    },

    async bulkStatus(ctx) {
      const { ids, status } = parseInput(bulkStatusInputSchema, requestBody(ctx));
      return { data: (await writes().bulkStatus(currentViewer(ctx), ids, status)) satisfies UnitStatusChangeResult };
    },

    async bulkDelete(ctx) {
      const { ids } = parseInput(bulkDeleteInputSchema, requestBody(ctx));
      return { data: await writes().deleteUnits(currentViewer(ctx), ids) };
    },

    async history(ctx) {
      const id = parseId(ctx.params.id, UNIT_API_MESSAGES.notFound);
      await reads().findVisible(currentViewer(ctx), id);
      return { data: await portalService(strapi, 'api::unit-history.unit-history').forUnit(id) };
    },
  };
});
