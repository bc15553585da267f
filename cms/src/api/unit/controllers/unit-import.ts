import fs from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import type { Core } from '@strapi/strapi';
import { PROJECT_MESSAGES } from '@repo/types';
import { uploadedPaths } from '../lib/csv-upload';
import { readImportUpload } from '../lib/import-input';
import { parseId } from '../../../http/request';
import { currentViewer } from '../../../http/current-viewer';
import { releaseRequest } from '../../../server/requests-in-flight';
import { portalService } from '../../../server/services';

type Ctx = Parameters<typeof readImportUpload>[0] & { params: Record<string, string>; res: ServerResponse };

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = () => portalService(strapi, 'api::unit.unit-import');

  return {
    /** POST /projects/:id/units/import, multipart: file (CSV), skipInvalid, notifyAgents. */
    async importCsv(ctx: Ctx) {
      try {
        const viewer = currentViewer(ctx);
        const projectId = parseId(ctx.params.id, PROJECT_MESSAGES.notFound);
        await service().assertProject(projectId);
        const { file, options } = readImportUpload(ctx);
        // From here the request waits on the import's worker, which waits while requests are counted.
        releaseRequest(ctx.res);
        return { data: await service().importFile(viewer, projectId, file.filepath, options) };
      } finally {
        // Strapi removes only uploads sent as `files`; this route's temporary file goes here, whatever happened.
        await Promise.all(uploadedPaths(ctx).map((filepath) => fs.rm(filepath, { force: true })));
      }
    },

    /** GET /projects/:id/units/export: every unit of the project with the import's columns (CsvUnitRow[]). */
    async exportRows(ctx: Ctx) {
      currentViewer(ctx);
      return { data: await service().exportRows(parseId(ctx.params.id, PROJECT_MESSAGES.notFound)) };
    },
  };
};
