import { factories } from '@strapi/strapi';
import { createProjectInputSchema, PROJECT_MESSAGES, updateProjectInputSchema, type ProjectRecord } from '@repo/types';
import { parseId, requestBody } from '../../../http/request';
import { parseInput } from '../../../http/parse';
import { currentViewer } from '../../../http/current-viewer';
import { projectFor } from '../services/project';
import { portalService } from '../../../server/services';

export default factories.createCoreController('api::project.project', ({ strapi }) => {
  const projects = () => portalService(strapi, 'api::project.project');

  return {
    /** The dashboard: every visible project with its counts, in one request. */
    async find(ctx) {
      const data = await projects().listCards(currentViewer(ctx));
      ctx.set('Cache-Control', 'private, no-cache');
      return { data, meta: { total: data.length } };
    },

    async findOne(ctx) {
      const viewer = currentViewer(ctx);
      const project = await projects().findVisible(viewer, parseId(ctx.params.id, PROJECT_MESSAGES.notFound));
      return { data: projectFor(viewer, project) satisfies ProjectRecord };
    },

    async create(ctx) {
      const data = await projects().createProject(parseInput(createProjectInputSchema, requestBody(ctx)));
      ctx.status = 201;
      return { data };
    },

    async update(ctx) {
      return {
        data: await projects().updateProject(parseId(ctx.params.id, PROJECT_MESSAGES.notFound), parseInput(updateProjectInputSchema, requestBody(ctx))),
      };
    },

    async delete(ctx) {
      return { data: await projects().deleteProject(currentViewer(ctx), parseId(ctx.params.id, PROJECT_MESSAGES.notFound)) };
    },
  };
});
