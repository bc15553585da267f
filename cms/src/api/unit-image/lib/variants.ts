import sharp from 'sharp';
import { IMAGE_VARIANT_WIDTHS, type ImageVariantWidth } from '@repo/types';
import type { DetectedImage } from './images';
import { gifHasMetadataBlocks, jpegHasMetadataSegments } from './metadata-blocks';

/**
 * What is stored of an uploaded image (issue #26): the original in its own format with its
 * orientation applied and every metadata block dropped (EXIF, GPS, XMP, IPTC, comments), and one
 * WebP per variant width, never wider than the original. sharp writes no metadata unless asked
 * (withMetadata/keepMetadata), so re-encoding is what strips it; rotate() first bakes the EXIF
 * orientation into the pixels, since the tag that carried it is gone. sharp runs on libuv's
 * thread pool: the event loop only waits for the promises.
 */

/** WebP quality of the variants: an 800 px card image of a photo stays well under 200 kB. */
const VARIANT_QUALITY = 75;
/**
 * libwebp's effort 2 of 6: measured on a 1200 x 900 picture, its three variants take a quarter of
 * the time of the default effort 4 (110 ms against 430 ms with the original's re-encode) for files
 * about 6% larger. mozjpeg is left off for the original for the same reason.
 */
const VARIANT_EFFORT = 2;
/** JPEG and WebP originals are re-encoded near losslessly; PNG and GIF are lossless anyway. */
const ORIGINAL_QUALITY = 90;

export interface PreparedImage {
  original: Buffer;
  variants: { width: ImageVariantWidth; buffer: Buffer }[];
}

export const VARIANT_MESSAGES = {
  failed: 'The image could not be resized, so it was not uploaded. Try saving it again as JPEG or PNG.',
  storeFailed: 'The image could not be stored, so nothing was kept. Try again.',
} as const;

const stripped = (input: Buffer, type: DetectedImage) => {
  // Animated GIFs keep their frames; GIF has no orientation tag to apply.
  if (type.mime === 'image/gif') return sharp(input, { animated: true }).gif().toBuffer();
  const pipeline = sharp(input).rotate();
  if (type.mime === 'image/jpeg') return pipeline.jpeg({ quality: ORIGINAL_QUALITY }).toBuffer();
  if (type.mime === 'image/webp') return pipeline.webp({ quality: ORIGINAL_QUALITY }).toBuffer();
  return pipeline.png().toBuffer();
};

/** The largest side WebP can hold: a very tall picture's variant is narrowed to keep within it. */
const WEBP_MAX_SIDE = 16_383;

/** One variant from the already stripped and oriented original. */
export const makeVariant = (original: Buffer, width: ImageVariantWidth) =>
  sharp(original)
    .resize({ width, height: WEBP_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: VARIANT_QUALITY, effort: VARIANT_EFFORT })
    .toBuffer();

/** The original without metadata, then every variant from it (in parallel, on the thread pool). */
export const prepareImage = async (input: Buffer, type: DetectedImage): Promise<PreparedImage> => {
  const original = await stripped(input, type);
  const variants = await Promise.all(IMAGE_VARIANT_WIDTHS.map(async (width) => ({ width, buffer: await makeVariant(original, width) })));
  return { original, variants };
};

/**
 * True when the image still carries a metadata block a stripped original would not (ICC aside):
 * EXIF, XMP, IPTC and an orientation as sharp reads them, a PNG's text chunks, and the JPEG
 * comments and GIF extensions sharp does not report (metadata-blocks.ts).
 */
export const hasMetadata = async (input: Buffer) => {
  const metadata = await sharp(input).metadata();
  if (metadata.exif || metadata.xmp || metadata.iptc || metadata.comments?.length) return true;
  if (metadata.orientation && metadata.orientation !== 1) return true;
  if (metadata.format === 'jpeg') return jpegHasMetadataSegments(input);
  if (metadata.format === 'gif') return gifHasMetadataBlocks(input);
  return false;
};
