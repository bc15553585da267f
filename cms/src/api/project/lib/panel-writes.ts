import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Viewer } from '../../../http/current-viewer';
import { portalService } from '../../../server/services';
import { PROJECT_INPUT_FIELDS, type ProjectInput } from '../services/project';
import { PROJECT_NOT_FOUND } from '../messages';

const UID = 'api::project.project';

const portalInput = (data: Record<string, unknown>) => {
  const input: ProjectInput = {};
  for (const field of PROJECT_INPUT_FIELDS) if (field in data) input[field] = data[field];
  return input;
};

const idOf = async (strapi: Core.Strapi, documentId: unknown) => {
  const row = (await strapi.db.query(UID).findOne({ where: { documentId }, select: ['id'] })) as { id: number } | null;
  if (!row) throw new errors.NotFoundError(PROJECT_NOT_FOUND);
  return row.id;
};

/**
 * A project written in the CMS panel, through the portal's project service: the same validation and
 * messages, a change of visibility copied to the units, and a delete that takes the units (each
 * recorded in their history) and their stored files with it.
 */
export const panelProjectWrites = (strapi: Core.Strapi) => {
  const projects = () => portalService(strapi, 'api::project.project');
  return {
    async create(data: Record<string, unknown>) {
      const created = (await projects().createProject(portalInput(data))) as { id: number };
      const row = (await strapi.db.query(UID).findOne({ where: { id: created.id }, select: ['documentId'] })) as { documentId: string };
      return row.documentId;
    },
    async update(documentId: unknown, data: Record<string, unknown>) {
      await projects().updateProject(await idOf(strapi, documentId), portalInput(data));
    },
    async delete(viewer: Viewer, documentId: unknown) {
      await projects().deleteProject(viewer, await idOf(strapi, documentId));
    },
  };
};
