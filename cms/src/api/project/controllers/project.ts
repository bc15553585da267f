import { factories } from '@strapi/strapi';
import { bodyObject, parseId, refuseQuery, refuseUnknownFields } from '../../../http/request';
import { viewerOf, type Viewer } from '../../../http/current-viewer';
import { PROJECT_INPUT_FIELDS, PROJECT_NOT_FOUND, type ProjectInput } from '../services/project';

interface ProjectService {
  listCards(viewer: Viewer): Promise<unknown[]>;
  findVisible(viewer: Viewer, id: number): Promise<unknown>;
  createProject(input: ProjectInput): Promise<unknown>;
  updateProject(id: number, input: ProjectInput): Promise<unknown>;
  deleteProject(viewer: Viewer, id: number): Promise<{ id: number; deletedUnits: number }>;
}

export default factories.createCoreController('api::project.project', ({ strapi }) => {
  const projects = () => strapi.service('api::project.project') as unknown as ProjectService;
  const readBody = (ctx: Parameters<typeof bodyObject>[0]) => {
    const body = bodyObject(ctx);
    refuseUnknownFields(body, PROJECT_INPUT_FIELDS);
    return body as ProjectInput;
  };

  return {
    /** The dashboard: every visible project with its counts, in one request. */
    async find(ctx) {
      refuseQuery(ctx);
      const data = await projects().listCards(viewerOf(ctx));
      ctx.set('Cache-Control', 'private, no-cache');
      return { data, meta: { total: data.length } };
    },

    async findOne(ctx) {
      refuseQuery(ctx);
      return { data: await projects().findVisible(viewerOf(ctx), parseId(ctx.params.id, PROJECT_NOT_FOUND)) };
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
      return { data: await projects().deleteProject(viewerOf(ctx), parseId(ctx.params.id, PROJECT_NOT_FOUND)) };
    },
  };
});
