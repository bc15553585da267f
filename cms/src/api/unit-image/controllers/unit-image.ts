import type { Core } from '@strapi/strapi';
import { toggleSharingInputSchema, unlinkImagesInputSchema } from '@repo/types';
import { requestBody } from '../../../http/request';
import { parseInput } from '../../../http/parse';
import { currentViewer } from '../../../http/current-viewer';
import { portalService } from '../../../server/services';
import { imageIdOf, noFields, projectIdOf, readImageUpload, unitIdOf, type Ctx } from '../lib/request-input';

/** The unit-image routes of types/src/api/images.ts; admin only by role action and policy. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const images = () => portalService(strapi, 'api::unit-image.unit-image');
  const sharing = () => portalService(strapi, 'api::unit-image.image-sharing');

  return {
    /** GET /projects/:id/unit-images: every unit of the project with its images and sharing flags (the unit-images screen). */
    async list(ctx: Ctx) {
      currentViewer(ctx);
      return { data: await sharing().listProject(projectIdOf(ctx)) };
    },

    /** POST /units/:id/images, multipart: one file in `file`, and `origin`. */
    async upload(ctx: Ctx) {
      currentViewer(ctx);
      const { file, origin } = readImageUpload(ctx);
      const data = await images().upload(unitIdOf(ctx), file, origin);
      ctx.status = 201;
      return { data };
    },

    async clear(ctx: Ctx) {
      noFields(ctx);
      return { data: await images().clear(unitIdOf(ctx)) };
    },

    async remove(ctx: Ctx) {
      noFields(ctx);
      return { data: await images().remove(unitIdOf(ctx), imageIdOf(ctx)) };
    },

    async setFeatured(ctx: Ctx) {
      noFields(ctx);
      return { data: await images().setFeatured(unitIdOf(ctx), imageIdOf(ctx)) };
    },

    /** PUT /units/:id/shared-images { enabled }. */
    async setSharing(ctx: Ctx) {
      const { enabled } = parseInput(toggleSharingInputSchema, requestBody(ctx));
      return { data: await sharing().toggle(unitIdOf(ctx), enabled) };
    },

    async link(ctx: Ctx) {
      noFields(ctx);
      return { data: await sharing().link(projectIdOf(ctx)) };
    },

    /** POST /projects/:id/unit-images/unlink { unitType? }. */
    async unlink(ctx: Ctx) {
      const { unitType } = parseInput(unlinkImagesInputSchema, requestBody(ctx));
      return { data: await sharing().unlink(projectIdOf(ctx), unitType) };
    },
  };
};
