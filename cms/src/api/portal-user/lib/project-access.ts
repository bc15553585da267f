import type { Core } from '@strapi/strapi';
import { fieldError } from '../../../http/errors';
import { AUTH_MESSAGES } from '../../portal-auth/lib/messages';

const PROJECT_UID = 'api::project.project';

interface ProjectRow {
  id: number;
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
