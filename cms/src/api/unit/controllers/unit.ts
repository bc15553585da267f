import { factories } from '@strapi/strapi';
import { UNIT_STATUSES, type UnitStatus } from '@repo/types';
import { bodyObject, parseId, readIds, refuseQuery, refuseUnknownFields } from '../../../http/request';
import { currentViewer } from '../../../http/current-viewer';
import type { UnitStatusChangeResult } from '../services/unit-writes';
import { portalService } from '../../../server/services';
import { fieldErrors } from '../../../http/errors';
import { PROJECT_NOT_FOUND } from '../../project/messages';
import { UNIT_NOT_FOUND } from '../messages';

/** A bulk action covers at most one project's worth of units. */
const MAX_BULK_IDS = 5000;


const readStatus = (raw: unknown): UnitStatus => {
  if (typeof raw === 'string' && (UNIT_STATUSES as readonly string[]).includes(raw)) return raw as UnitStatus;
  throw fieldErrors('Status must be one of available, sold, reserved, unavailable, occupied', [{ field: 'status', message: 'Invalid status' }]);
};

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
      const body = bodyObject(ctx);
      refuseUnknownFields(body, ['units', 'notifyAgents']);
      if (!Array.isArray(body.units)) throw fieldErrors('Missing required field: unitNumber', [{ field: 'units', message: 'units must be a list' }]);
      if (body.notifyAgents !== undefined && typeof body.notifyAgents !== 'boolean') {
        throw fieldErrors('notifyAgents must be true or false', [{ field: 'notifyAgents', message: 'Must be true or false' }]);
      }
      const ids = await writes().createUnits(viewer, parseId(ctx.params.id, PROJECT_NOT_FOUND), body.units, { notifyAgents: body.notifyAgents === true });
      const data = await Promise.all(ids.map((id) => reads().findVisible(viewer, id)));
      ctx.status = 201;
      return { data, meta: { created: data.length } };
    },

    async update(ctx) {
      refuseQuery(ctx);
      const viewer = currentViewer(ctx);
      const id = await writes().updateUnit(viewer, parseId(ctx.params.id, UNIT_NOT_FOUND), bodyObject(ctx));
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
      const body = bodyObject(ctx);
      refuseUnknownFields(body, ['ids', 'status']);
      const result: UnitStatusChangeResult = await writes().bulkStatus(currentViewer(ctx), readIds(body.ids, 'ids', MAX_BULK_IDS), readStatus(body.status));
      return { data: result };
    },

    async bulkDelete(ctx) {
      refuseQuery(ctx);
      const body = bodyObject(ctx);
      refuseUnknownFields(body, ['ids']);
      return { data: await writes().deleteUnits(currentViewer(ctx), readIds(body.ids, 'ids', MAX_BULK_IDS)) };
    },

    async history(ctx) {
      refuseQuery(ctx);
      const id = parseId(ctx.params.id, UNIT_NOT_FOUND);
      await reads().findVisible(currentViewer(ctx), id);
      return { data: await portalService(strapi, 'api::unit-history.unit-history').forUnit(id) };
    },
  };
});
