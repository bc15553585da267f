/**
 * The storage keys of the images the portal stores (lib/images.ts storeImage): what they look like,
 * apart from the rest of lib/images so that config/plugins.ts can read them without loading sharp.
 */

const PROPERTY_IMAGE_KEY = /(?:^|\/)(property_images\/[0-9]{13,}_[A-Za-z0-9._]+)$/;

/**
 * The storage key of a project cover this server stored (property_images/{timestamp}_{name}), read
 * from the end of its public URL (local `/uploads/…` or the S3 URL), or null for any other URL: a
 * cover typed in by hand is never taken for one of ours.
 */
export const propertyImageKeyOf = (url: string | null | undefined): string | null => {
  if (!url || url.includes('..')) return null;
  return PROPERTY_IMAGE_KEY.exec(url.split(/[?#]/)[0])?.[1] ?? null;
};

/** The storage folder of one unit's images (spec §7: units/{unitId}/{timestamp}_{sanitised name}). */
export const unitImageFolder = (unitId: number) => `units/${unitId}`;

export const UNIT_IMAGE_KEY_FOLDER = /^units\/[1-9][0-9]*$/;
const UNIT_IMAGE_KEY = /^units\/[1-9][0-9]*\/[0-9]{13,}_[A-Za-z0-9._]+$/;

/**
 * True for a key this server gave a unit image. Only such keys are ever deleted, whatever a
 * stored row says: a row edited by hand or imported cannot make the server delete other files.
 */
export const isUnitImageKey = (key: unknown): key is string => typeof key === 'string' && UNIT_IMAGE_KEY.test(key) && !key.includes('..');

/**
 * True for the key of an image or variant the portal stored: a unit image or a project cover. Each
 * such key is new (a timestamp in its name) and never holds other bytes, unlike a Media Library
 * file, which the CMS panel's 'Replace' rewrites under the same name.
 */
export const isStoredImageKey = (key: string) => isUnitImageKey(key) || propertyImageKeyOf(key) === key;
