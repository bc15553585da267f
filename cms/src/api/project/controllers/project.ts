import { factories } from '@strapi/strapi';
import { createProjectInputSchema, updateProjectInputSchema, type ProjectRecord } from '@repo/types';
import { parseId, refuseQuery } from '../../../http/request';
import { parseInput } from '../../../http/parse';
import { currentViewer } from '../../../http/current-viewer';
import { projectFor } from '../services/project';
import { portalService } from '../../../server/services';
import { PROJECT_NOT_FOUND } from '../messages';


export default factories.createCoreController('api::project.project', ({ strapi }) => {
  const projects = () => portalService(strapi, 'api::project.project');

  return {
    /** The dashboard: every visible project with its counts, in one request. */
    async find(ctx) {
      refuseQuery(ctx);
      const data = await projects().listCards(currentViewer(ctx));
      ctx.set('Cache-Control', 'private, no-cache');
      return { data, meta: { total: data.length } };
    },

    async findOne(ctx) {
      refuseQuery(ctx);
      const viewer = currentViewer(ctx);
      const project = await projects().findVisible(viewer, parseId(ctx.params.id, PROJECT_NOT_FOUND));
      return { data: projectFor(viewer, project) satisfies ProjectRecord };
    },

    async create(ctx) {
      refuseQuery(ctx);
      const data = await projects().createProject(parseInput(createProjectInputSchema, ctx.request.body));
      ctx.status = 201;
      return { data };
    },

    async update(ctx) {
      refuseQuery(ctx);
      return { data: await projects().updateProject(parseId(ctx.params.id, PROJECT_NOT_FOUND), parseInput(updateProjectInputSchema, ctx.request.body)) };
    },

    async delete(ctx) {
      refuseQuery(ctx);
      return { data: await projects().deleteProject(currentViewer(ctx), parseId(ctx.params.id, PROJECT_NOT_FOUND)) };
    },
  };
});
