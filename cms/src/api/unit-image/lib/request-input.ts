import { z } from 'zod';
import { errors } from '@strapi/utils';
import { emptyImageInputSchema, PROJECT_MESSAGES, uploadImageFieldsSchema } from '@repo/types';
import { parseInput } from '../../../http/parse';
import { parseId, requestBody } from '../../../http/request';
import { readOrigin, UNIT_IMAGE_MESSAGES } from '../services/unit-image';
import { IMAGE_MESSAGES, isIncomingImage, type IncomingImage } from './images';

export type Ctx = { params: Record<string, string | undefined>; request: unknown; status: number };

export const unitIdOf = (ctx: Ctx) => parseId(ctx.params.id, UNIT_IMAGE_MESSAGES.unitNotFound);
export const projectIdOf = (ctx: Ctx) => parseId(ctx.params.id, PROJECT_MESSAGES.notFound);

/** The routes that take no field (clear, remove, set featured, link) accept none; an absent body is empty. */
export const noFields = (ctx: Ctx) => parseInput(emptyImageInputSchema, requestBody(ctx));

/** The files of an upload: exactly one image, in the field `file`. */
const uploadFilesSchema = z.strictObject({ file: z.unknown().optional() }).transform(({ file }, context): IncomingImage => {
  if (Array.isArray(file))
    context.addIssue({ code: 'custom', path: ['file'], message: 'One file at a time', params: { summary: 'Send one file in the file field' } });
  else if (!isIncomingImage(file)) context.addIssue({ code: 'custom', path: ['file'], message: IMAGE_MESSAGES.missing });
  else return file;
  return z.NEVER;
});

/** POST /units/:id/images, multipart: the fields (`origin`), then the file. Temp files go in the upload-cleanup middleware. */
export const readImageUpload = (ctx: Ctx) => {
  const { origin } = parseInput(uploadImageFieldsSchema, requestBody(ctx));
  const file = parseInput(uploadFilesSchema, (ctx.request as { files?: unknown }).files ?? {});
  return { file, origin: readOrigin(origin) };
};

/** An image id from the path ('img_' and a timestamp); anything else is an image that does not exist. */
export const imageIdOf = (ctx: Ctx) => {
  const id = ctx.params.imageId ?? '';
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(id)) throw new errors.NotFoundError(UNIT_IMAGE_MESSAGES.imageNotFound);
  return id;
};
