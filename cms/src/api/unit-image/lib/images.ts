import fs from 'node:fs/promises';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { IMAGE_VARIANT_WIDTHS, variantPathOf, variantPathsOf } from '@repo/types';
import { serviceUnavailable } from '../../../http/errors';
import { IMMUTABLE } from '../../../server/static-files';
import { hasMetadata, prepareImage, VARIANT_MESSAGES } from './variants';
import { UNIT_IMAGE_KEY_FOLDER } from './image-keys';

export { isUnitImageKey, propertyImageKeyOf, unitImageFolder } from './image-keys';

/**
 * Image files the portal stores (property images, unit images): what counts as an image, how a
 * stored file is named, and how it goes to and from the upload provider (local files or S3).
 * The server decides from the bytes, names the key, and never trusts the client's name or type.
 */

/** The most pixels an image may have: a few-kilobyte PNG can claim 20000 x 20000 and cost gigabytes to decode. */
export const MAX_IMAGE_PIXELS = 40_000_000;

export const IMAGE_MESSAGES = {
  missing: 'Choose an image file to upload',
  empty: 'The image file is empty',
  notImage: 'Only JPEG, PNG, GIF or WebP images can be uploaded',
  tooManyPixels: 'The image is larger than 40 megapixels',
} as const;

/** 'The image is larger than 5MB' for a limit of 5 * 1024 * 1024 bytes. */
export const imageTooLargeMessage = (maxBytes: number) => `The image is larger than ${Math.round(maxBytes / (1024 * 1024))}MB`;

export interface DetectedImage {
  mime: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
  ext: '.jpg' | '.png' | '.gif' | '.webp';
}

const startsWith = (bytes: Buffer, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

/**
 * The image type from the file's first bytes (magic numbers). The name and the declared type are
 * never consulted: both come from the client and a renamed HTML or SVG file would pass them.
 */
export const detectImageType = (head: Buffer): DetectedImage | null => {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: '.jpg' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', ext: '.png' };
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38]) && (head[4] === 0x37 || head[4] === 0x39) && head[5] === 0x61) {
    return { mime: 'image/gif', ext: '.gif' };
  }
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) return { mime: 'image/webp', ext: '.webp' };
  return null;
};

/**
 * The file-name part of the key (spec §5: characters other than letters, digits and dot become
 * underscores). The extension is the detected type's, so the stored object is served as what it is.
 */
export const sanitiseImageName = (originalName: string | null | undefined, ext: string) => {
  const base = path.basename(originalName ?? '').replace(/\.[^.]*$/, '');
  const safe = base
    .replace(/[^A-Za-z0-9.]/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 100);
  return `${safe || 'image'}${ext}`;
};

// Strictly increasing, so two uploads in the same millisecond on this instance never share a key.
let lastTimestamp = 0;
export const nextTimestamp = () => {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return lastTimestamp;
};

/** The part of a formidable file (as koa-body leaves it on ctx.request.files) an upload reads. */
export interface IncomingImage {
  filepath: string;
  originalFilename?: string | null;
  size: number;
}

export const isIncomingImage = (value: unknown): value is IncomingImage =>
  typeof value === 'object' && value !== null && typeof (value as IncomingImage).filepath === 'string' && typeof (value as IncomingImage).size === 'number';

interface ImageTools {
  getDimensions(file: { filepath: string }): Promise<{ width: number | null; height: number | null }>;
  isFaultyImage(file: { filepath: string }): Promise<boolean>;
}

export interface CheckedImage {
  buffer: Buffer;
  type: DetectedImage;
  /** The sanitised file name with the detected type's extension. */
  fileName: string;
}

/**
 * Refuses what is not a real image: empty, over `maxBytes` (`tooLarge` builds that error, so each
 * route keeps its own status), an unknown signature, more than MAX_IMAGE_PIXELS, or a known
 * signature in front of anything that does not decode. Size first: an oversized file is never read.
 */
export const checkImageFile = async (
  strapi: Core.Strapi,
  file: IncomingImage,
  { maxBytes, tooLarge }: { maxBytes: number; tooLarge: (message: string) => Error },
): Promise<CheckedImage> => {
  if (file.size <= 0) throw new errors.ValidationError(IMAGE_MESSAGES.empty);
  if (file.size > maxBytes) throw tooLarge(imageTooLargeMessage(maxBytes));
  const buffer = await fs.readFile(file.filepath);
  if (buffer.length === 0) throw new errors.ValidationError(IMAGE_MESSAGES.empty);
  const type = detectImageType(buffer.subarray(0, 16));
  if (!type) throw new errors.ValidationError(IMAGE_MESSAGES.notImage);
  const imageTools = strapi.plugin('upload').service('image-manipulation') as ImageTools;
  // The header's dimensions first (no decode), then a full decode: a valid signature in front of
  // anything else (an HTML polyglot) fails it.
  const { width, height } = await imageTools.getDimensions({ filepath: file.filepath }).catch(() => ({ width: null, height: null }));
  if (!width || !height) throw new errors.ValidationError(IMAGE_MESSAGES.notImage);
  if (width * height > MAX_IMAGE_PIXELS) throw new errors.ValidationError(IMAGE_MESSAGES.tooManyPixels);
  if (await imageTools.isFaultyImage({ filepath: file.filepath })) throw new errors.ValidationError(IMAGE_MESSAGES.notImage);
  return { buffer, type, fileName: sanitiseImageName(file.originalFilename, type.ext) };
};

interface ProviderFile {
  name: string;
  hash: string;
  ext: string;
  mime?: string;
  size?: number;
  sizeInBytes?: number;
  buffer?: Buffer;
  path?: string;
  url?: string;
}

interface UploadProvider {
  /** `params`: what the S3 provider adds to its PutObject (the local provider takes none). */
  upload(file: ProviderFile, params?: { CacheControl?: string }): Promise<void>;
  delete(file: ProviderFile): Promise<unknown>;
}

const providerOf = (strapi: Core.Strapi) => strapi.plugin('upload').provider as UploadProvider;

export const isLocal = (strapi: Core.Strapi) => ((strapi.config.get('plugin::upload') as { provider?: string } | undefined)?.provider ?? 'local') === 'local';

/**
 * The provider's view of a storage key `folder/.../name.ext`. The local provider writes
 * public/uploads/{hash}{ext} and ignores `path`, so the folders go into the hash; S3 and the like
 * build the object key as {rootPath}/{path}/{hash}{ext}.
 */
const providerFileOf = (strapi: Core.Strapi, key: string): ProviderFile => {
  const ext = path.posix.extname(key);
  const withoutExt = key.slice(0, key.length - ext.length);
  const folder = path.posix.dirname(withoutExt);
  const base = path.posix.basename(withoutExt);
  return isLocal(strapi) ? { name: `${base}${ext}`, hash: withoutExt, ext } : { name: `${base}${ext}`, hash: base, ext, path: folder };
};

/** Stores one object under `key` through the provider; answers its public URL. */
const putObject = async (strapi: Core.Strapi, key: string, buffer: Buffer, mime: string) => {
  const file: ProviderFile = {
    ...providerFileOf(strapi, key),
    mime,
    size: Math.round((buffer.length / 1024) * 100) / 100,
    sizeInBytes: buffer.length,
    buffer,
  };
  // Every key is new (storeImage), so browsers keep the object as they keep built files; local files
  // get the same from the upload plugin's localServer options (config/plugins.ts).
  await providerOf(strapi).upload(file, { CacheControl: IMMUTABLE });
  if (!file.url) throw new errors.ApplicationError('Image upload failed');
  return file.url;
};

/**
 * Stores checked image bytes under `{folder}/{timestamp}_{name}` through the upload provider,
 * stripped of metadata, with its WebP variants next to it (lib/variants), and returns the public
 * URL and the storage key (the key stays on the server). Everything is made in memory first: a
 * variant that cannot be made stores nothing (400). Then the objects are stored; if one fails,
 * those already stored are deleted again (503), so an upload leaves all of its files or none.
 * Nothing is written to the Media Library: the portal's records keep the URL, as the spec's data does.
 */
export const storeImage = async (strapi: Core.Strapi, folder: string, image: CheckedImage): Promise<{ url: string; key: string }> => {
  const prepared = await prepareImage(image.buffer, image.type).catch((error: unknown) => {
    strapi.log.warn(`Could not make the variants of ${image.fileName}: ${error instanceof Error ? error.message : String(error)}`);
    throw new errors.ValidationError(VARIANT_MESSAGES.failed);
  });
  const key = `${folder}/${nextTimestamp()}_${image.fileName}`;
  if (isLocal(strapi)) await fs.mkdir(path.join(strapi.dirs.static.public, 'uploads', folder), { recursive: true });
  const objects = [
    { key, buffer: prepared.original, mime: image.type.mime },
    ...prepared.variants.map((variant) => ({ key: variantPathOf(key, variant.width), buffer: variant.buffer, mime: 'image/webp' })),
  ];
  const stored: string[] = [];
  try {
    let url = '';
    for (const object of objects) {
      const objectUrl = await putObject(strapi, object.key, object.buffer, object.mime);
      stored.push(object.key);
      if (object.key === key) url = objectUrl;
    }
    return { url, key };
  } catch (error) {
    strapi.log.warn(`Could not store ${key}: ${error instanceof Error ? error.message : String(error)}`);
    await deleteObjects(strapi, stored);
    if (isLocal(strapi)) await removeEmptyFolders(strapi, [key]);
    throw serviceUnavailable(VARIANT_MESSAGES.storeFailed);
  }
};

/** Deletes objects by key, logging (not throwing) a failure; answers how many failed. */
const deleteObjects = async (strapi: Core.Strapi, keys: readonly string[]) => {
  let failed = 0;
  for (const key of keys) {
    try {
      await providerOf(strapi).delete(providerFileOf(strapi, key));
    } catch (error) {
      failed += 1;
      strapi.log.warn(`Could not delete the stored image ${key}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return failed;
};

/**
 * Reads stored objects back for `npm run images:backfill`: local files from public/uploads, others
 * (S3) over their public URL, as a browser would. `url` is the original's or a variant's URL.
 */
const storedObjects = (strapi: Core.Strapi) => {
  const localPath = (key: string) => path.join(strapi.dirs.static.public, 'uploads', key);
  return {
    exists: async (key: string, url: string) =>
      isLocal(strapi)
        ? fs.access(localPath(key)).then(
            () => true,
            () => false,
          )
        : (await fetch(url, { method: 'HEAD' })).ok,
    read: async (key: string, url: string) => {
      if (isLocal(strapi)) return fs.readFile(localPath(key)).catch(() => null);
      const response = await fetch(url);
      return response.ok ? Buffer.from(await response.arrayBuffer()) : null;
    },
  };
};

export type BackfillOutcome = 'complete' | 'made' | 'missing';

/**
 * Makes the variants a stored original lacks, and with `strip` rewrites the original without its
 * metadata (once: an original that is already stripped re-encodes to something else, so it is only
 * rewritten when it still carries metadata). Safe to repeat: an image whose variants all exist and
 * whose original is clean is not touched ('complete'); 'missing' when the original is not stored.
 */
export const backfillVariants = async (strapi: Core.Strapi, image: { key: string; url: string }, { strip }: { strip: boolean }): Promise<BackfillOutcome> => {
  const objects = storedObjects(strapi);
  const missingWidths: number[] = [];
  for (const width of IMAGE_VARIANT_WIDTHS) {
    if (!(await objects.exists(variantPathOf(image.key, width), variantPathOf(image.url, width)))) missingWidths.push(width);
  }
  if (missingWidths.length === 0 && !strip) return 'complete';
  const bytes = await objects.read(image.key, image.url);
  const type = bytes ? detectImageType(bytes.subarray(0, 16)) : null;
  if (!bytes || !type) return 'missing';
  const rewrite = strip && (await hasMetadata(bytes));
  if (missingWidths.length === 0 && !rewrite) return 'complete';
  const prepared = await prepareImage(bytes, type);
  if (rewrite) await putObject(strapi, image.key, prepared.original, type.mime);
  for (const variant of prepared.variants) {
    if (missingWidths.includes(variant.width)) await putObject(strapi, variantPathOf(image.key, variant.width), variant.buffer, 'image/webp');
  }
  return 'made';
};

/**
 * Deletes stored images by the key of their original, each with all of its variants; a failure is
 * counted (per image, by its original), never thrown (spec §8: image storage deletion failures are
 * tolerated and counted). A variant that is not there (an image from before variants) is no failure.
 */
export const removeStoredFiles = async (strapi: Core.Strapi, keys: readonly string[]): Promise<{ deleted: number; failed: number }> => {
  let deleted = 0;
  let failed = 0;
  for (const key of new Set(keys)) {
    await deleteObjects(strapi, variantPathsOf(key));
    if ((await deleteObjects(strapi, [key])) === 0) deleted += 1;
    else failed += 1;
  }
  if (isLocal(strapi)) await removeEmptyFolders(strapi, keys);
  return { deleted, failed };
};

// A unit's local folder goes once its last image is gone, so deleted units leave no empty folders.
const removeEmptyFolders = async (strapi: Core.Strapi, keys: readonly string[]) => {
  const uploads = path.join(strapi.dirs.static.public, 'uploads');
  for (const folder of new Set(keys.map((key) => path.posix.dirname(key)))) {
    if (!UNIT_IMAGE_KEY_FOLDER.test(folder)) continue;
    await fs.rmdir(path.join(uploads, folder)).catch(() => undefined);
  }
};
