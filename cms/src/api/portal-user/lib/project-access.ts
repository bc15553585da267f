import type { Core } from '@strapi/strapi';
import { defaultProjectAccess, type ProjectAccessType } from '@repo/types';
import { fieldError } from '../../../http/errors';
import { AUTH_MESSAGES } from '../../portal-auth/lib/messages';

const PROJECT_UID = 'api::project.project';

interface ProjectRow {
  id: number;
  location: string | null;
  visibleTo: string[] | null;
}

/** The ids as given, once every one of them is a project that exists; a 400 naming the others otherwise. */
export const existingProjectIds = async (strapi: Core.Strapi, ids: readonly number[]): Promise<number[]> => {
  if (ids.length === 0) return [];
  const rows = (await strapi.db.query(PROJECT_UID).findMany({ where: { id: { $in: [...ids] } }, select: ['id'] })) as Pick<ProjectRow, 'id'>[];
  const found = new Set(rows.map((row) => row.id));
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length > 0) throw fieldError('visibleProjects', AUTH_MESSAGES.unknownProjects(unknown));
  return [...ids];
};

/** What the create form pre-ticks for a new agent (spec §4 Agent default project access). */
export const defaultProjectIds = async (strapi: Core.Strapi, accessType: ProjectAccessType): Promise<number[]> => {
  const projects = (await strapi.db.query(PROJECT_UID).findMany({ select: ['id', 'location', 'visibleTo'], orderBy: { id: 'asc' } })) as ProjectRow[];
  return defaultProjectAccess(projects, accessType);
};
