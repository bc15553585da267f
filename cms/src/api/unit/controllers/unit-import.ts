import fs from 'node:fs/promises';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { CSV_MESSAGES } from '@repo/types';
import { checkCsvFile, uploadedFile, uploadedPaths } from '../lib/csv-upload';
import { parseId, refuseQuery, refuseUnknownFields } from '../../../http/request';
import { currentViewer } from '../../../http/current-viewer';
import { portalService } from '../../../server/services';
import { fieldErrors } from '../../../http/errors';
import { PROJECT_NOT_FOUND } from '../../project/messages';

type Ctx = Parameters<typeof refuseQuery>[0] & Parameters<typeof uploadedFile>[0] & { params: Record<string, string> };

/** Multipart fields arrive as text: 'true' or 'false', absent meaning false. */
const readFlag = (raw: unknown, field: string) => {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  throw fieldErrors(`${field} must be true or false`, [{ field, message: 'Must be true or false' }]);
};

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = () => portalService(strapi, 'api::unit.unit-import');

  return {
    /** POST /projects/:id/units/import, multipart: file (CSV), skipInvalid, notifyAgents. */
    async importCsv(ctx: Ctx) {
      try {
        refuseQuery(ctx);
        const viewer = currentViewer(ctx);
        const projectId = parseId(ctx.params.id, PROJECT_NOT_FOUND);
        await service().assertProject(projectId);
        const body = ctx.request.body;
        const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
        refuseUnknownFields(fields, ['skipInvalid', 'notifyAgents']);
        refuseUnknownFields(ctx.request.files ?? {}, ['file']);
        const options = { skipInvalid: readFlag(fields.skipInvalid, 'skipInvalid'), notifyAgents: readFlag(fields.notifyAgents, 'notifyAgents') };
        const file = uploadedFile(ctx, 'file');
        if (!file) throw new errors.ValidationError(CSV_MESSAGES.fileRequired);
        checkCsvFile(file);
        return { data: await service().importFile(viewer, projectId, file.filepath, options) };
      } finally {
        // Strapi removes only uploads sent as `files`; this route's temporary file goes here, whatever happened.
        await Promise.all(uploadedPaths(ctx).map((filepath) => fs.rm(filepath, { force: true })));
      }
    },

    /** GET /projects/:id/units/export: every unit of the project with the import's columns (CsvUnitRow[]). */
    async exportRows(ctx: Ctx) {
      refuseQuery(ctx);
      currentViewer(ctx);
      return { data: await service().exportRows(parseId(ctx.params.id, PROJECT_NOT_FOUND)) };
    },
  };
};
