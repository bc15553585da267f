import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { LIMITS } from '@repo/types';
import { checkImageFile, IMAGE_MESSAGES, imageTooLargeMessage, storeImage, type IncomingImage } from '../../unit-image/lib/images';

export type { IncomingImage } from '../../unit-image/lib/images';

/** The storage folder of property images (spec §7: property_images/{timestamp}_{filename}). */
export const PROPERTY_IMAGE_FOLDER = 'property_images';

export const PROPERTY_IMAGE_MESSAGES = {
  ...IMAGE_MESSAGES,
  tooLarge: imageTooLargeMessage(LIMITS.propertyImageMaxBytes),
} as const;

const propertyImageService = ({ strapi }: { strapi: Core.Strapi }) => ({
  /**
   * Checks an uploaded property image (bytes, decode, 5MB) and stores it through the upload
   * plugin's provider (local files or S3) under property_images/{timestamp}_{name}. Returns the
   * public URL. Nothing is written to the Media Library: the project keeps the URL.
   */
  async store(file: IncomingImage): Promise<{ url: string }> {
    // The property form has always answered 400 for an oversized file; the unit-image routes answer 413.
    const image = await checkImageFile(strapi, file, { maxBytes: LIMITS.propertyImageMaxBytes, tooLarge: (message) => new errors.ValidationError(message) });
    const { url } = await storeImage(strapi, PROPERTY_IMAGE_FOLDER, image);
    return { url };
  },
});

export type PropertyImageService = ReturnType<typeof propertyImageService>;
export default propertyImageService;
