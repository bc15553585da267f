import type { Core } from '@strapi/strapi';
import { AGENT_VISIBLE_STATUSES, projectsVisibleToAgent, type AgentType, type UnitStatus } from '@repo/types';
import type { Viewer } from '../../../http/current-viewer';

/** The statuses this viewer may see: all five for admins, available/sold/reserved for agents (spec §6). */
export const visibleStatuses = (viewer: Pick<Viewer, 'isAdmin'>): readonly UnitStatus[] | null => (viewer.isAdmin ? null : AGENT_VISIBLE_STATUSES);

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
  const projects = (await strapi.db.query('api::project.project').findMany({ select: ['id', 'visibleTo'] })) as ProjectVisibilityRow[];
  return projectsVisibleToAgent(projects, viewer.agentType as AgentType, viewer.visibleProjects).map((project) => project.id);
};

/**
 * Whether the viewer may see this one project: the rule visibleProjectIds applies to every project,
 * applied to one row already read (one indexed read per request instead of all projects).
 */
export const viewerSeesProject = (viewer: Viewer, project: ProjectVisibilityRow) =>
  viewer.isAdmin || projectsVisibleToAgent([project], viewer.agentType as AgentType, viewer.visibleProjects).length > 0;
