import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { parseId, refuseQuery, refuseUnknownFields } from '../../../http/request';
import { IMAGE_MESSAGES, isIncomingImage } from '../lib/images';
import { currentViewer } from '../../../http/current-viewer';
import { readOrigin, UNIT_IMAGE_MESSAGES } from '../services/unit-image';
import { portalService } from '../../../server/services';
import { fieldErrors } from '../../../http/errors';
import { PROJECT_NOT_FOUND } from '../../project/messages';

type Ctx = Parameters<typeof refuseQuery>[0] & {
  params: Record<string, string | undefined>;
  request: { body?: unknown; files?: Record<string, unknown> };
  status: number;
};


/** The body as an object: a route that takes no fields accepts none (an absent body is empty). */
const fieldsOf = (ctx: Ctx, allowed: readonly string[]) => {
  const body = ctx.request.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new errors.ValidationError('The request body must be a JSON object');
  refuseUnknownFields(body as Record<string, unknown>, allowed);
  return body as Record<string, unknown>;
};

const imageIdOf = (ctx: Ctx) => {
  const id = ctx.params.imageId ?? '';
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(id)) throw new errors.NotFoundError(UNIT_IMAGE_MESSAGES.imageNotFound);
  return id;
};

/** The unit-image routes of types/src/api/images.ts; admin only by role action and policy. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const images = () => portalService(strapi, 'api::unit-image.unit-image');
  const sharing = () => portalService(strapi, 'api::unit-image.image-sharing');
  const unitIdOf = (ctx: Ctx) => parseId(ctx.params.id, UNIT_IMAGE_MESSAGES.unitNotFound);

  return {
    /** GET /projects/:id/unit-images: every unit of the project with its images and sharing flags (the unit-images screen). */
    async list(ctx: Ctx) {
      refuseQuery(ctx);
      currentViewer(ctx);
      return { data: await sharing().listProject(parseId(ctx.params.id, PROJECT_NOT_FOUND)) };
    },

    /** POST /units/:id/images, multipart: one file in `file`, and `origin`. Temp files go in the upload-cleanup middleware. */
    async upload(ctx: Ctx) {
      refuseQuery(ctx);
      currentViewer(ctx);
      const fields = fieldsOf(ctx, ['origin']);
      const files = ctx.request.files ?? {};
      refuseUnknownFields(files, ['file']);
      const file = files.file;
      if (Array.isArray(file)) throw fieldErrors('Send one file in the file field', [{ field: 'file', message: 'One file at a time' }]);
      if (!isIncomingImage(file)) throw fieldErrors(IMAGE_MESSAGES.missing, [{ field: 'file', message: IMAGE_MESSAGES.missing }]);
      const data = await images().upload(unitIdOf(ctx), file, readOrigin(fields.origin));
      ctx.status = 201;
      return { data };
    },

    async clear(ctx: Ctx) {
      refuseQuery(ctx);
      fieldsOf(ctx, []);
      return { data: await images().clear(unitIdOf(ctx)) };
    },

    async remove(ctx: Ctx) {
      refuseQuery(ctx);
      fieldsOf(ctx, []);
      return { data: await images().remove(unitIdOf(ctx), imageIdOf(ctx)) };
    },

    async setFeatured(ctx: Ctx) {
      refuseQuery(ctx);
      fieldsOf(ctx, []);
      return { data: await images().setFeatured(unitIdOf(ctx), imageIdOf(ctx)) };
    },

    /** PUT /units/:id/shared-images { enabled }. */
    async setSharing(ctx: Ctx) {
      refuseQuery(ctx);
      const { enabled } = fieldsOf(ctx, ['enabled']);
      if (typeof enabled !== 'boolean') throw fieldErrors('enabled must be true or false', [{ field: 'enabled', message: 'Must be true or false' }]);
      return { data: await sharing().toggle(unitIdOf(ctx), enabled) };
    },

    async link(ctx: Ctx) {
      refuseQuery(ctx);
      fieldsOf(ctx, []);
      return { data: await sharing().link(parseId(ctx.params.id, PROJECT_NOT_FOUND)) };
    },

    /** POST /projects/:id/unit-images/unlink { unitType? }. */
    async unlink(ctx: Ctx) {
      refuseQuery(ctx);
      const { unitType } = fieldsOf(ctx, ['unitType']);
      if (unitType !== undefined && unitType !== null && (typeof unitType !== 'string' || unitType.length > 80)) {
        throw fieldErrors('unitType must be text of at most 80 characters', [{ field: 'unitType', message: 'Invalid unit type' }]);
      }
      return { data: await sharing().unlink(parseId(ctx.params.id, PROJECT_NOT_FOUND), typeof unitType === 'string' ? unitType : undefined) };
    },
  };
};
