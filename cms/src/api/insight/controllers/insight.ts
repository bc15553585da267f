import { insightsQuerySchema } from '@repo/types';
import { parseInput } from '../../../http/parse';
import { refuseQuery } from '../../../http/request';
import { currentViewer } from '../../../http/current-viewer';
import { portalService } from '../../../server/services';

type Ctx = Parameters<typeof refuseQuery>[0];

export default ({ strapi }: { strapi: import('@strapi/strapi').Core.Strapi }) => ({
  /** GET /insights?projectId=&region= (admin only): a bad filter is a 400 naming its field. */
  async read(ctx: Ctx) {
    refuseQuery(ctx, ['projectId', 'region']);
    currentViewer(ctx);
    const query = parseInput(insightsQuerySchema, { ...(ctx.query ?? {}) });
    return { data: await portalService(strapi, 'api::insight.insight').read(query, new Date()) };
  },
});
