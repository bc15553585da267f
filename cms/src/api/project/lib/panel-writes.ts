import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Viewer } from '../../../http/current-viewer';
import { portalService } from '../../../server/services';
import { createProjectInputSchema, PROJECT_MESSAGES, updateProjectInputSchema } from '@repo/types';
import { parseInput } from '../../../http/parse';

const UID = 'api::project.project';

/** The fields a portal form may write; the panel's entry carries Strapi's own fields too (ids, dates). */
const PROJECT_FIELDS = Object.keys(createProjectInputSchema.shape);
const portalInput = (data: Record<string, unknown>) => Object.fromEntries(PROJECT_FIELDS.filter((field) => field in data).map((field) => [field, data[field]]));

const rowOf = async (strapi: Core.Strapi, documentId: unknown) => {
  const row = (await strapi.db.query(UID).findOne({ where: { documentId }, select: ['id', 'revision'] })) as { id: number; revision: number | null } | null;
  if (!row) throw new errors.NotFoundError(PROJECT_MESSAGES.notFound);
  return row;
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
      const created = await projects().createProject(parseInput(createProjectInputSchema, portalInput(data)));
      const row = (await strapi.db.query(UID).findOne({ where: { id: created.id }, select: ['documentId'] })) as { documentId: string };
      return row.documentId;
    },
    async update(documentId: unknown, data: Record<string, unknown>) {
      // The panel's form holds no revision (the field is hidden there): its save claims the current
      // one, so it moves the revision on and a portal form read before it gets 409.
      const row = await rowOf(strapi, documentId);
      const revision = typeof data.revision === 'number' ? data.revision : (row.revision ?? 1);
      await projects().updateProject(row.id, parseInput(updateProjectInputSchema, { ...portalInput(data), revision }));
    },
    async delete(viewer: Viewer, documentId: unknown) {
      await projects().deleteProject(viewer, (await rowOf(strapi, documentId)).id);
    },
  };
};
