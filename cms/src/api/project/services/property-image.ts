import fs from 'node:fs/promises';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { LIMITS } from '@repo/types';

/** The storage folder of property images (spec §7: property_images/{timestamp}_{filename}). */
export const PROPERTY_IMAGE_FOLDER = 'property_images';

export const PROPERTY_IMAGE_MESSAGES = {
  missing: 'Choose an image file to upload',
  empty: 'The image file is empty',
  tooLarge: 'The image is larger than 5MB',
  notImage: 'Only JPEG, PNG, GIF or WebP images can be uploaded',
} as const;

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
  const safe = base.replace(/[^A-Za-z0-9.]/g, '_').replace(/^\.+/, '').slice(0, 100);
  return `${safe || 'image'}${ext}`;
};

// Strictly increasing, so two uploads in the same millisecond on this instance never share a key.
let lastTimestamp = 0;
const nextTimestamp = () => {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return lastTimestamp;
};

export interface IncomingImage {
  filepath: string;
  originalFilename?: string | null;
  size: number;
}

interface ProviderFile {
  name: string;
  hash: string;
  ext: string;
  mime: string;
  size: number;
  sizeInBytes: number;
  buffer: Buffer;
  path?: string;
  url?: string;
}

interface UploadProvider {
  upload(file: ProviderFile): Promise<void>;
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /**
   * Checks an uploaded property image and stores it through the upload plugin's provider (local
   * files or S3) under property_images/{timestamp}_{name}. Returns the public URL. Nothing is
   * written to the Media Library: the project keeps the URL, as the spec's data does.
   */
  async store(file: IncomingImage): Promise<{ url: string }> {
    if (file.size <= 0) throw new errors.ValidationError(PROPERTY_IMAGE_MESSAGES.empty);
    if (file.size > LIMITS.propertyImageMaxBytes) throw new errors.ValidationError(PROPERTY_IMAGE_MESSAGES.tooLarge);
    const buffer = await fs.readFile(file.filepath);
    const type = detectImageType(buffer.subarray(0, 16));
    if (!type) throw new errors.ValidationError(PROPERTY_IMAGE_MESSAGES.notImage);
    // A valid header in front of anything else (an HTML polyglot) fails a real decode.
    const imageTools = strapi.plugin('upload').service('image-manipulation') as { isFaultyImage(file: { filepath: string }): Promise<boolean> };
    if (await imageTools.isFaultyImage({ filepath: file.filepath })) throw new errors.ValidationError(PROPERTY_IMAGE_MESSAGES.notImage);

    const fileName = sanitiseImageName(file.originalFilename, type.ext);
    const key = `${nextTimestamp()}_${fileName.slice(0, -type.ext.length)}`;
    const common = { name: fileName, ext: type.ext, mime: type.mime, size: Math.round((buffer.length / 1024) * 100) / 100, sizeInBytes: buffer.length, buffer };
    const providerName = (strapi.config.get('plugin::upload') as { provider?: string } | undefined)?.provider ?? 'local';
    let stored: ProviderFile;
    if (providerName === 'local') {
      // The local provider writes public/uploads/{hash}{ext} and ignores `path`: the folder goes into the hash.
      await fs.mkdir(path.join(strapi.dirs.static.public, 'uploads', PROPERTY_IMAGE_FOLDER), { recursive: true });
      stored = { ...common, hash: `${PROPERTY_IMAGE_FOLDER}/${key}` };
    } else {
      // S3 and the like build the object key as {rootPath}/{path}/{hash}{ext}.
      stored = { ...common, hash: key, path: PROPERTY_IMAGE_FOLDER };
    }
    await (strapi.plugin('upload').provider as UploadProvider).upload(stored);
    if (!stored.url) throw new errors.ApplicationError('Image upload failed');
    return { url: stored.url };
  },
});
