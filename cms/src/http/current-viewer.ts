import { errors } from '@strapi/utils';
import { deriveAgentType, MISSING_AGENT_TYPE_MESSAGE, projectAccessList, type AgentType } from '@repo/types';
import { authenticatedUser, NOT_SIGNED_IN } from './auth-state';

/** Who is asking, reduced to what the inventory rules need. Read from the database-backed session user, never from the request. */
export interface Viewer {
  userId: number;
  email: string;
  isAdmin: boolean;
  agentType: AgentType | null;
  /** null: none assigned, the agent type's defaults (spec §4); [] : no project at all (spec §6). */
  visibleProjects: number[] | null;
  /** Set when the change comes through the CMS panel (a Strapi admin user, not a portal user): the history says so. */
  via?: 'cms-panel';
}

export const currentViewer = (ctx: unknown): Viewer => {
  const user = authenticatedUser(ctx);
  if (!user) throw new errors.UnauthorizedError(NOT_SIGNED_IN);
  const role = user.role?.type;
  if (role !== 'admin' && role !== 'agent') throw new errors.ForbiddenError('This account has no portal role');
  const agentType = deriveAgentType({
    role,
    agentType: typeof user.agentType === 'string' ? user.agentType : null,
    region: typeof user.region === 'string' ? user.region : null,
  });
  if (role === 'agent' && !agentType) throw new errors.ForbiddenError(MISSING_AGENT_TYPE_MESSAGE);
  return { userId: user.id, email: user.email, isAdmin: role === 'admin', agentType, visibleProjects: projectAccessList(user.visibleProjects) };
};
