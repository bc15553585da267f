import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { AGENT_VISIBLE_STATUSES, deriveAgentType, MISSING_AGENT_TYPE_MESSAGE, projectsVisibleToAgent, type AgentType, type UnitStatus } from '@repo/types';
import { authenticatedUser } from './auth-state';

/** Who is asking, reduced to what the inventory rules need. Read from the database-backed session user, never from the request. */
export interface Viewer {
  userId: number;
  email: string;
  isAdmin: boolean;
  agentType: AgentType | null;
  visibleProjects: number[];
}

const numericIds = (value: unknown): number[] =>
  Array.isArray(value) ? value.map(Number).filter((id) => Number.isInteger(id) && id > 0) : [];

export const viewerOf = (ctx: unknown): Viewer => {
  const user = authenticatedUser(ctx);
  if (!user) throw new errors.UnauthorizedError('You must be signed in');
  const role = user.role?.type;
  if (role !== 'admin' && role !== 'agent') throw new errors.ForbiddenError('This account has no portal role');
  const agentType = deriveAgentType({
    role,
    agentType: typeof user.agentType === 'string' ? user.agentType : null,
    region: typeof user.region === 'string' ? user.region : null,
  });
  if (role === 'agent' && !agentType) throw new errors.ForbiddenError(MISSING_AGENT_TYPE_MESSAGE);
  return { userId: user.id, email: user.email, isAdmin: role === 'admin', agentType, visibleProjects: numericIds(user.visibleProjects) };
};

/** The statuses this viewer may see: all five for admins, available/sold/reserved for agents (spec §6). */
export const visibleStatuses = (viewer: Viewer): readonly UnitStatus[] | null => (viewer.isAdmin ? null : AGENT_VISIBLE_STATUSES);

export interface ProjectVisibilityRow {
  id: number;
  visibleTo: string[] | null;
}

/**
 * The ids of the projects this viewer may see, or 'all' for admins. Projects are few (hundreds), so
 * the region rule runs here, in the shared pure function, rather than as JSON SQL per database.
 */
export const visibleProjectIds = async (strapi: Core.Strapi, viewer: Viewer): Promise<number[] | 'all'> => {
  if (viewer.isAdmin) return 'all';
  const projects = (await strapi.db
    .query('api::project.project')
    .findMany({ select: ['id', 'visibleTo'] })) as ProjectVisibilityRow[];
  return projectsVisibleToAgent(projects, viewer.agentType as AgentType, viewer.visibleProjects).map((project) => project.id);
};

/**
 * Whether the viewer may see this one project: the rule visibleProjectIds applies to every project,
 * applied to one row already read (one indexed read per request instead of all projects).
 */
export const viewerSeesProject = (viewer: Viewer, project: ProjectVisibilityRow) =>
  viewer.isAdmin || projectsVisibleToAgent([project], viewer.agentType as AgentType, viewer.visibleProjects).length > 0;
