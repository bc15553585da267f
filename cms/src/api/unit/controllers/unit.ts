import { factories } from '@strapi/strapi';
import { bulkDeleteInputSchema, bulkStatusInputSchema, createUnitsInputSchema, updateUnitInputSchema, type UnitStatusChangeResult } from '@repo/types';
import { parseId, refuseQuery, requestBody } from '../../../http/request';
import { parseInput } from '../../../http/parse';
import { currentViewer } from '../../../http/current-viewer';
import { portalService } from '../../../server/services';
import { PROJECT_NOT_FOUND } from '../../project/messages';
import { UNIT_NOT_FOUND } from '../messages';

export default factories.createCoreController('api::unit.unit', ({ strapi }) => {
  const reads = () => portalService(strapi, 'api::unit.unit');
  const writes = () => portalService(strapi, 'api::unit.unit-writes');
  const projects = () => portalService(strapi, 'api::project.project');

  return {
    /** All units of a project in one response, revalidated by ETag (304 when nothing changed). */
    async listByProject(ctx) {
      refuseQuery(ctx);
      const viewer = currentViewer(ctx);
      const projectId = parseId(ctx.params.id, PROJECT_NOT_FOUND);
      // The project (404 unless this viewer may see it) and the list's version are read at the same
      // time: on PostgreSQL on two of the pool's connections, one round trip instead of two.
      const [project, version] = await Promise.all([projects().findVisible(viewer, projectId), reads().listVersion(viewer, projectId)]);
      const etag = reads().listTag(viewer, project.id, version, project.updatedAt);
      ctx.set('ETag', etag);
      ctx.set('Cache-Control', 'private, no-cache');
      if (ctx.get('If-None-Match') === etag) {
        ctx.status = 304;
        return;
      }
      const data = await reads().listForProject(viewer, project.id);
      return { data, meta: { total: data.length } };
    },

    async findOne(ctx) {
      refuseQuery(ctx);
      return { data: await reads().findVisible(currentViewer(ctx), parseId(ctx.params.id, UNIT_NOT_FOUND)) };
    },

    /** One unit or a batch (`units`: 1 to 50), in one transaction; `notifyAgents: true` e-mails the agents afterwards. */
    async createInProject(ctx) {
      refuseQuery(ctx);
      const viewer = currentViewer(ctx);
      const projectId = parseId(ctx.params.id, PROJECT_NOT_FOUND);
      const input = parseInput(createUnitsInputSchema, requestBody(ctx));
      const ids = await writes().createUnits(viewer, projectId, input.units, { notifyAgents: input.notifyAgents === true });
      const data = await Promise.all(ids.map((id) => reads().findVisible(viewer, id)));
      ctx.status = 201;
      return { data, meta: { created: data.length } };
    },

    async update(ctx) {
      refuseQuery(ctx);
      const viewer = currentViewer(ctx);
      const unitId = parseId(ctx.params.id, UNIT_NOT_FOUND);
      const id = await writes().updateUnit(viewer, unitId, parseInput(updateUnitInputSchema, requestBody(ctx)));
      return { data: await reads().findVisible(viewer, id) };
    },

    async delete(ctx) {
      refuseQuery(ctx);
      const id = parseId(ctx.params.id, UNIT_NOT_FOUND);
      const result = await writes().deleteUnits(currentViewer(ctx), [id], { mustExist: true });
      return { data: { id, ...result } };
    },

    async bulkStatus(ctx) {
      refuseQuery(ctx);
      const { ids, status } = parseInput(bulkStatusInputSchema, requestBody(ctx));
      return { data: (await writes().bulkStatus(currentViewer(ctx), ids, status)) satisfies UnitStatusChangeResult };
    },

    async bulkDelete(ctx) {
      refuseQuery(ctx);
      const { ids } = parseInput(bulkDeleteInputSchema, requestBody(ctx));
      return { data: await writes().deleteUnits(currentViewer(ctx), ids) };
    },

    async history(ctx) {
      refuseQuery(ctx);
      const id = parseId(ctx.params.id, UNIT_NOT_FOUND);
      await reads().findVisible(currentViewer(ctx), id);
      return { data: await portalService(strapi, 'api::unit-history.unit-history').forUnit(id) };
    },
  };
});
