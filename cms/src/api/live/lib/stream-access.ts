import type { Core } from '@strapi/strapi';
import { projectsVisibleToAgent, type AgentType } from '@repo/types';
import { currentViewer, type Viewer } from '../../../http/current-viewer';
import { AGENT_STATUSES, frame, keyOf, type Stream } from './render';

/**
 * Who may go on watching, and what (issue #27): the projects an agent's stream may show, worked out
 * again when a project's visibility or the agent's profile changes; the user's viewer as it is now;
 * and which streams' sessions have ended. Each is read from the database when asked.
 */

const UNIT_UID = 'api::unit.unit';
const PROJECT_UID = 'api::project.project';
const USER_UID = 'plugin::users-permissions.user';
const SESSION_UID = 'api::portal-auth.portal-session';

type ProjectVisibility = Array<{ id: number; visibleTo: string[] | null }>;

const readProjects = async (strapi: Core.Strapi) => (await strapi.db.query(PROJECT_UID).findMany({ select: ['id', 'visibleTo'] })) as ProjectVisibility;

const visibleIds = (projects: ProjectVisibility, viewer: Viewer) =>
  new Set(projectsVisibleToAgent(projects, viewer.agentType as AgentType, viewer.visibleProjects).map((project) => project.id));

/** The projects an agent may see now. */
export const agentProjects = async (strapi: Core.Strapi, viewer: Viewer) => visibleIds(await readProjects(strapi), viewer);

/** The ids of the units agents may see in these projects (read, not taken from the states). */
const agentUnitIds = async (strapi: Core.Strapi, projectIds: number[]) => {
  const rows = (await strapi.db
    .query(UNIT_UID)
    .findMany({ select: ['id'], where: { projectId: { $in: projectIds }, unitStatus: { $in: [...AGENT_STATUSES] } }, orderBy: { id: 'asc' } })) as Array<{
    id: number;
  }>;
  return rows.map((row) => row.id);
};

/**
 * Works out again which projects each agent stream's viewer may see (after a project's visibility,
 * or the agent's profile, changed). A stream that lost projects is told, per unit it could see
 * there, `unit-removed`; a whole-inventory stream (the dashboards) whose projects changed either
 * way then revalidates (one `resync`), since its project cards come and go with them; and a stream
 * that follows a project its viewer lost ends after the removals (`close`). Returns, per stream to
 * tell, its text for the change's event id; the caller writes it.
 */
export const refreshVisibility = async (strapi: Core.Strapi, streams: Stream[], close: (stream: Stream) => void) => {
  const lost = new Map<Stream, (eventId: string) => string>();
  const agents = streams.filter((stream) => stream.projects !== 'all');
  if (agents.length === 0) return lost;
  const projects = await readProjects(strapi);
  for (const stream of agents) {
    const now = visibleIds(projects, stream.viewer);
    const before = stream.projects as Set<number>;
    const gone = [...before].filter((id) => !now.has(id) && (stream.projectId === null || stream.projectId === id));
    const gained = [...now].some((id) => !before.has(id));
    stream.projects = now;
    stream.key = keyOf(stream);
    const cardsChanged = stream.projectId === null && (gained || gone.length > 0);
    if (gone.length === 0 && !cardsChanged) continue;
    const goneSet = new Set(gone);
    const unitIds = gone.length === 0 ? [] : await agentUnitIds(strapi, gone);
    const closeAfter = stream.projectId !== null && goneSet.has(stream.projectId);
    lost.set(stream, (eventId) => {
      const text = unitIds.map((id) => frame('unit-removed', eventId, { id })).join('') + (cardsChanged ? frame('resync', eventId, { reason: 'bulk' }) : '');
      if (closeAfter) queueMicrotask(() => close(stream));
      return text;
    });
  }
  return lost;
};

/** A user's viewer as it is now; null if the user is gone, blocked, or no longer a portal user. */
export const viewerOf = async (strapi: Core.Strapi, userId: number): Promise<Viewer | null> => {
  const user = (await strapi.db.query(USER_UID).findOne({ where: { id: userId }, populate: { role: { select: ['id', 'type'] } } })) as Record<
    string,
    unknown
  > | null;
  try {
    return user && !user.blocked ? currentViewer({ state: { user } }) : null;
  } catch {
    return null;
  }
};

/** The streams whose session has ended (deleted or expired). */
export const endedSessions = async (strapi: Core.Strapi, streams: Stream[]) => {
  if (streams.length === 0) return [];
  const ids = streams.map((stream) => stream.sessionId).filter((id): id is number => id !== null);
  const live = new Set(
    (
      (await strapi.db.query(SESSION_UID).findMany({ select: ['id'], where: { id: { $in: ids }, expiresAt: { $gt: new Date() } } })) as Array<{
        id: number;
      }>
    ).map((row) => row.id),
  );
  return streams.filter((stream) => stream.sessionId === null || !live.has(stream.sessionId));
};
