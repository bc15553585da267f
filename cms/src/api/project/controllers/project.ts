import { factories } from '@strapi/strapi';
import { bodyObject, parseId, refuseQuery, refuseUnknownFields } from '../../../http/request';
import { currentViewer } from '../../../http/current-viewer';
import { PROJECT_INPUT_FIELDS, type ProjectInput } from '../services/project';
import { portalService } from '../../../server/services';
import { PROJECT_NOT_FOUND } from '../messages';


export default factories.createCoreController('api::project.project', ({ strapi }) => {
  const projects = () => portalService(strapi, 'api::project.project');
  const readBody = (ctx: Parameters<typeof bodyObject>[0]) => {
    const body = bodyObject(ctx);
    refuseUnknownFields(body, PROJECT_INPUT_FIELDS);
    return body as ProjectInput;
  };

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
      return { data: await projects().findVisible(currentViewer(ctx), parseId(ctx.params.id, PROJECT_NOT_FOUND)) };
    },

    async create(ctx) {
      refuseQuery(ctx);
      const data = await projects().createProject(readBody(ctx));
      ctx.status = 201;
      return { data };
    },

    async update(ctx) {
      refuseQuery(ctx);
      return { data: await projects().updateProject(parseId(ctx.params.id, PROJECT_NOT_FOUND), readBody(ctx)) };
    },

    async delete(ctx) {
      refuseQuery(ctx);
      return { data: await projects().deleteProject(currentViewer(ctx), parseId(ctx.params.id, PROJECT_NOT_FOUND)) };
    },
  };
});
