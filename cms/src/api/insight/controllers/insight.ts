import type { Core } from '@strapi/strapi';
import { insightsQuerySchema } from '@repo/types';
import { parseQuery } from '../../../http/parse';
import { currentViewer } from '../../../http/current-viewer';
import { portalService } from '../../../server/services';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** GET /insights?projectId=&region= (admin only): a bad filter is a 400 naming its field. */
  async read(ctx: { query?: unknown }) {
    currentViewer(ctx);
    const query = parseQuery(insightsQuerySchema, ctx.query);
    return { data: await portalService(strapi, 'api::insight.insight').read(query, new Date()) };
  },
});
