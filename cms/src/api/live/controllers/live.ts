import type { Core } from '@strapi/strapi';
import { PROJECT_MESSAGES } from '@repo/types';
import type { Context } from 'koa';
import { parseId } from '../../../http/request';
import { currentViewer, type Viewer } from '../../../http/current-viewer';
import { sessionIdOf } from '../../../http/auth-state';
import { releaseRequest } from '../../../server/requests-in-flight';
import { portalService } from '../../../server/services';
import { liveHub } from '../lib/hub';

/**
 * Answers with a Server-Sent Events stream the hub writes to until the client leaves, the session
 * ends or the server stops. The response is written directly (Koa lets go of it), so no middleware
 * buffers or compresses it; the headers set so far (security, CORS) are already on it.
 */
const openStream = async (strapi: Core.Strapi, ctx: Context, viewer: Viewer, projectId: number | null) => {
  ctx.respond = false;
  const { res } = ctx;
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    // nginx: pass each event on at once.
    'X-Accel-Buffering': 'no',
  });
  // A client leaving is how a stream normally ends: not an error worth a log line.
  const onerror = ctx.onerror.bind(ctx);
  ctx.onerror = (error: Error) => {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNABORTED') return;
    onerror(error);
  };
  // Open for as long as the agent's screen is: not a request the import's worker waits for.
  releaseRequest(res);
  ctx.req.socket.setNoDelay(true);
  ctx.req.socket.setKeepAlive(true);
  const lastEventId = ctx.get('Last-Event-ID') || null;
  await liveHub(strapi).open(res, viewer, sessionIdOf(ctx), projectId, lastEventId);
};

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** GET /api/projects/:id/events: one project's changes. */
  async projectEvents(ctx: Context) {
    const viewer = currentViewer(ctx);
    const project = await portalService(strapi, 'api::project.project').findVisible(viewer, parseId(ctx.params.id, PROJECT_MESSAGES.notFound));
    await openStream(strapi, ctx, viewer, project.id);
  },

  /** GET /api/events: every project the viewer may see (the dashboards, the sold units list). */
  async allEvents(ctx: Context) {
    await openStream(strapi, ctx, currentViewer(ctx), null);
  },
});
