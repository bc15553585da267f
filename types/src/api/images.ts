import { z } from 'zod';
import type { UnitImage, UnitStatus } from '../domain';
import type { LinkOutcome, UnlinkOutcome } from '../rules/image-sharing';

/**
 * The unit-image API (spec §2 Project unit-images screen and Image manager, Add New Unit modal,
 * Unit detail; §4 Images per unit; §5 Images; §7 unit image data functions and file storage).
 * The server implements it in cms/src/api/unit-image; the web calls it from web/src/features/images/api.
 * Paths are relative to /api. Every route needs a session; every route here is admin-only (agents
 * get 403, anonymous 401). Errors use Strapi's envelope with the spec's wording in `message`.
 *
 * Images are stored by the upload provider (local files, or S3 when S3_BUCKET is set) under the key
 * `units/{unitId}/{timestamp}_{sanitised name}`; the server picks the key, never the client.
 * The storage path stays on the server (the image entry's private `path`).
 */
export const IMAGE_PATHS = {
  /** GET: every unit of the project with its card fields, images and sharing flags (ImageUnitSummary[]). */
  list: (projectId: number | string) => `/projects/${projectId}/unit-images`,
  /** POST multipart: one file in the field `file`, and the field `origin` (see ImageUploadOrigin). */
  upload: (unitId: number | string) => `/units/${unitId}/images`,
  /** DELETE: clear all images of the unit. */
  clear: (unitId: number | string) => `/units/${unitId}/images`,
  /** DELETE: one image. */
  image: (unitId: number | string, imageId: string) => `/units/${unitId}/images/${encodeURIComponent(imageId)}`,
  /** PUT with no body: make this image the featured (primary) one. */
  featured: (unitId: number | string, imageId: string) => `/units/${unitId}/images/${encodeURIComponent(imageId)}/featured`,
  /** PUT { enabled: boolean }: the image-source selector of one unit. */
  sharing: (unitId: number | string) => `/units/${unitId}/shared-images`,
  /** POST with no body: 'Link Images' for the whole project. */
  link: (projectId: number | string) => `/projects/${projectId}/unit-images/link`,
  /** POST { unitType?: string }: 'Unlink All Units' (no unitType) or 'Unlink {type} Units'. */
  unlink: (projectId: number | string) => `/projects/${projectId}/unit-images/unlink`,
} as const;

/**
 * Which screen uploads: the size limit depends on it (spec §9: 5MB in the image manager,
 * 10MB in the unit form). Missing or unknown values are treated as 'image-manager', the stricter one.
 */
export type ImageUploadOrigin = 'image-manager' | 'unit-form';

/** A body that is not an object of named fields: no field is at fault, so the answer names none. */
export const REQUEST_BODY_MESSAGE = 'The request body must be a JSON object';

export const IMAGE_INPUT_MESSAGES = {
  enabled: 'Must be true or false',
  enabledSummary: 'enabled must be true or false',
  unitType: 'Invalid unit type',
  unitTypeSummary: 'unitType must be text of at most 80 characters',
} as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A body of named fields, checked in this order, each step only when the one before passed: an
 * object at all (the answer names no field: `formLevel`), no field the route does not take (each
 * named: 'Unknown field: x'), then each field's own rule. The server reads it with parseInput
 * (cms/src/http/parse.ts); a custom issue's `summary` is the error's message there.
 */
export const objectInput = <Shape extends z.core.$ZodShape>(shape: Shape) =>
  z
    .custom<Record<string, unknown>>(isObject, { error: REQUEST_BODY_MESSAGE, params: { formLevel: true } })
    .pipe(z.strictObject(Object.fromEntries(Object.keys(shape).map((field) => [field, z.unknown().optional()]))))
    .pipe(z.object(shape));

// Each schema below is built in a call marked pure: the web imports this module for its paths and
// types only, and its bundler then leaves the schemas, and zod, out of the images screens.

/** The routes that take no field: DELETE clear and one image, PUT featured, POST link. */
export const emptyImageInputSchema = /* @__PURE__ */ (() => objectInput({}))();

/**
 * The fields of POST /units/:id/images besides the file. `origin` picks the size limit; the server
 * reads a missing or unknown one as 'image-manager', the stricter.
 */
export const uploadImageFieldsSchema = /* @__PURE__ */ (() => objectInput({ origin: z.unknown().optional() }))();

/** PUT /units/:id/shared-images. */
export const toggleSharingInputSchema = /* @__PURE__ */ (() =>
  objectInput({
    enabled: z.custom<boolean>((value) => typeof value === 'boolean', {
      error: IMAGE_INPUT_MESSAGES.enabled,
      params: { summary: IMAGE_INPUT_MESSAGES.enabledSummary },
    }),
  }))();

/** POST /projects/:id/unit-images/unlink: a unit type unlinks that type's units, none (or null) every type. */
export const unlinkImagesInputSchema = /* @__PURE__ */ (() =>
  objectInput({
    unitType: z
      .custom<string | null>((value) => value === null || (typeof value === 'string' && value.length <= 80), {
        error: IMAGE_INPUT_MESSAGES.unitType,
        params: { summary: IMAGE_INPUT_MESSAGES.unitTypeSummary },
      })
      .optional()
      .transform((value) => value ?? undefined),
  }))();

/**
 * What every image route that changes one unit answers (200, or 201 for an upload): the unit's
 * images and sharing flags after the change. `image` is the uploaded entry (uploads only).
 * Refusals: 400 'Only JPEG, PNG, GIF or WebP images can be uploaded' (decided from the bytes),
 * 400 'The image file is empty', 400 'The image is larger than 40 megapixels' (a decode bomb),
 * 413 'The image is larger than 5MB' (or 10MB for 'unit-form'),
 * 409 'Maximum 10 images allowed per unit' (also when uploads race),
 * 409 'You cannot add images in shared mode. Switch to individual image mode first.' (a follower),
 * 409 'You cannot delete shared images. Switch to individual image mode first.' (a follower),
 * 409 'You cannot modify shared images...' (set-as-primary on a follower),
 * 404 'Unit not found', 404 'Image not found'.
 */
export interface UnitImagesState {
  unitId: number;
  images: UnitImage[];
  isImageSource: boolean;
  isSourceUnit: boolean;
  useSharedImages: boolean;
  sharedImagesUnitId: string | null;
}

export interface ImageUploadResult extends UnitImagesState {
  image: UnitImage;
}

/**
 * DELETE clear-all. Stored files are deleted one by one; failures are tolerated and counted
 * (spec §8 'Cleared all images (n deleted, m failed)'). A source's followers lose the images too.
 * 409 'There are no images to clear.' when the unit has none.
 */
export interface ClearImagesResult extends UnitImagesState {
  deleted: number;
  failed: number;
  message: string;
}

/** PUT shared-images: 'Unit now shares images with {unit}' or 'Unit now uses individual images'.
 *  400 'No other units of this type to share images with' when there is no partner;
 *  400 when the unit has no unit type. */
export interface ToggleSharingResult extends UnitImagesState {
  message: string;
}

/** POST link / unlink: what happened to each unit-type group, and how many units changed. */
export interface LinkImagesResult {
  changedUnits: number;
  groups: Array<{ type: string; outcome: LinkOutcome; sourceUnitId: number | null }>;
}

export interface UnlinkImagesResult {
  changedUnits: number;
  groups: Array<{ type: string; outcome: UnlinkOutcome }>;
}

/** One unit of the unit-images screen (GET list): what its card shows, and its images and sharing flags. */
export interface ImageUnitSummary extends Omit<UnitImagesState, 'unitId'> {
  id: number;
  unitNumber: string;
  unitType: string | null;
  status: UnitStatus;
  bedrooms: number | null;
  floor: string | null;
}
