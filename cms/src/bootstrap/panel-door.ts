import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Viewer } from '../http/current-viewer';
import { panelProjectWrites } from '../api/project/lib/panel-writes';
import { panelUnitWrites } from '../api/unit/lib/panel-writes';

const PROJECT_UID = 'api::project.project';
const UNIT_UID = 'api::unit.unit';
const HISTORY_UID = 'api::unit-history.unit-history';

interface DocumentContext {
  uid: string;
  action: string;
  params: { documentId?: unknown; data?: Record<string, unknown>; populate?: unknown; fields?: unknown };
}

interface PanelRequest {
  state?: { auth?: { strategy?: { name?: string } }; user?: { id?: number; email?: string } };
}

/**
 * The staff member behind this document call, when it comes from the CMS panel (a request
 * authenticated by Strapi's admin strategy); null for everything else, such as the portal's own
 * services or the seed, which pass through untouched.
 */
const panelViewer = (strapi: Core.Strapi): Viewer | null => {
  const ctx = strapi.requestContext.get() as PanelRequest | undefined;
  if (ctx?.state?.auth?.strategy?.name !== 'admin') return null;
  const user = ctx.state.user;
  if (!user || typeof user.id !== 'number' || typeof user.email !== 'string') return null;
  return { userId: user.id, email: user.email, isAdmin: true, agentType: null, visibleProjects: [], via: 'cms-panel' };
};

const WRITES = new Set(['create', 'update', 'delete', 'clone']);

/**
 * One set of rules, whatever the door (issue #24): every create, update and delete of a project or
 * unit made in the CMS panel is handed, through a document service middleware (Strapi's extension
 * point for document calls), to the services the portal's routes call. Nothing of the rules is
 * copied here. After the write, the document is read back as the panel asked for it.
 */
export const registerPanelDoor = (strapi: Core.Strapi) => {
  const units = panelUnitWrites(strapi);
  const projects = panelProjectWrites(strapi);

  const readBack = (context: DocumentContext, documentId: string) =>
    strapi.documents(context.uid as typeof UNIT_UID).findOne({ documentId, populate: context.params.populate as never });

  strapi.documents.use(async (rawContext, next) => {
    const context = rawContext as DocumentContext;
    // The history is a record of what happened: written with each change by the portal's services,
    // never by hand, not even by the panel's super admin (content staff hold only read).
    if (context.uid === HISTORY_UID && WRITES.has(context.action) && panelViewer(strapi)) {
      throw new errors.ForbiddenError('The unit history is read-only: it is written with each change of a unit');
    }
    if ((context.uid !== UNIT_UID && context.uid !== PROJECT_UID) || !WRITES.has(context.action)) return next();
    const viewer = panelViewer(strapi);
    if (!viewer) return next();
    const { documentId, data = {} } = context.params;
    // A copy would skip the unit-number rule and the history; staff create the new entry instead.
    if (context.action === 'clone') throw new errors.ValidationError('Duplicating is not available here: create a new entry instead');
    const writes = context.uid === UNIT_UID ? units : null;
    if (context.action === 'create') {
      const created = writes ? await writes.create(viewer, data) : await projects.create(data);
      return readBack(context, created);
    }
    if (context.action === 'update') {
      if (writes) await writes.update(viewer, documentId, data);
      else await projects.update(documentId, data);
      return readBack(context, String(documentId));
    }
    if (writes) await writes.delete(viewer, documentId);
    else await projects.delete(viewer, documentId);
    return { documentId: String(documentId), entries: [] };
  });
};
