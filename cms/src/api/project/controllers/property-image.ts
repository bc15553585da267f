import fs from 'node:fs/promises';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { currentViewer } from '../../../http/current-viewer';
import { PROPERTY_IMAGE_MESSAGES, type IncomingImage } from '../services/property-image';
import { portalService } from '../../../server/services';

type Ctx = { request: { files?: Record<string, unknown> }; status: number };

const isIncoming = (value: unknown): value is IncomingImage =>
  typeof value === 'object' && value !== null && typeof (value as IncomingImage).filepath === 'string' && typeof (value as IncomingImage).size === 'number';

/** POST /projects/property-image (admin only): multipart `file`, answers { url }. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async upload(ctx: Ctx) {
    currentViewer(ctx);
    const files = Object.values(ctx.request.files ?? {}).flat();
    try {
      const file = ctx.request.files?.file;
      if (!isIncoming(file)) throw new errors.ValidationError(PROPERTY_IMAGE_MESSAGES.missing);
      const data = await portalService(strapi, 'api::project.property-image').store(file);
      ctx.status = 201;
      return { data };
    } finally {
      // Strapi's body middleware cleans up only a field named `files`: the temporary copies are ours to remove.
      await Promise.all(files.filter(isIncoming).map((file) => fs.rm(file.filepath, { force: true })));
    }
  },
});
