import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  addImages,
  isFollower,
  isSource,
  LIMITS,
  maxImagesMessage,
  remainingImageSlots,
  removeImage,
  setFeatured,
  UNIT_API_MESSAGES,
  type ClearImagesResult,
  type ImageUploadOrigin,
  type ImageUploadResult,
  type UnitImagesState,
} from '@repo/types';
import { conflict, payloadTooLarge } from '../../../http/errors';
import { checkImageFile, nextTimestamp, removeStoredFiles, storeImage, unitImageFolder, type IncomingImage } from '../lib/images';
import { imagesStateOf, publicImage, unitImagesData, type ImageUnit, type StoredImage } from '../lib/unit-images';

export const UNIT_IMAGE_MESSAGES = {
  unitNotFound: UNIT_API_MESSAGES.notFound,
  imageNotFound: 'Image not found',
  addShared: 'You cannot add images in shared mode. Switch to individual image mode first.',
  deleteShared: 'You cannot delete shared images. Switch to individual image mode first.',
  modifyShared: 'You cannot modify shared images...',
  nothingToClear: 'There are no images to clear.',
} as const;

export const clearedMessage = (deleted: number, failed: number) => `Cleared all images (${deleted} deleted, ${failed} failed)`;

/** The size limit of an upload by the screen it comes from (spec §9); anything else gets the stricter one. */
export const maxBytesFor = (origin: unknown) => (origin === 'unit-form' ? LIMITS.unitFormImageMaxBytes : LIMITS.imageManagerMaxBytes);

export const readOrigin = (raw: unknown): ImageUploadOrigin => (raw === 'unit-form' ? 'unit-form' : 'image-manager');

// 'img_' and a timestamp (spec §3); strictly increasing on this instance, and never one the unit already holds.
const newImageId = (images: readonly StoredImage[]) => {
  let id = `img_${nextTimestamp()}`;
  while (images.some((image) => image.id === id)) id = `img_${nextTimestamp()}`;
  return id;
};

const unitImages = ({ strapi }: { strapi: Core.Strapi }) => {
  const data = unitImagesData(strapi);

  /**
   * Runs one change of a unit's images in a transaction that holds the unit's row lock, so two
   * changes of one unit never interleave; then deletes the stored files nobody references any more.
   */
  const change = async <T>(
    unitId: number,
    work: (unit: ImageUnit) => Promise<{ result: T; released: (string | null)[] }>,
  ): Promise<{ result: T; files: { deleted: number; failed: number } }> => {
    const { result, keys } = await strapi.db.transaction(async ({ trx }) => {
      if ((await data.lock(trx, 'id', unitId)) === 0) throw new errors.NotFoundError(UNIT_IMAGE_MESSAGES.unitNotFound);
      const unit = await data.loadOne(unitId);
      if (!unit) throw new errors.NotFoundError(UNIT_IMAGE_MESSAGES.unitNotFound);
      const outcome = await work(unit);
      return { result: outcome.result, keys: await data.releasedKeys(outcome.released) };
    });
    return { result, files: await removeStoredFiles(strapi, keys) };
  };

  /** Writes a unit's new list and the same list to its followers when it is a source. */
  const save = async (unit: ImageUnit, images: StoredImage[]) => {
    await data.write(unit, images);
    await data.copyToFollowers(unit.id, images);
    return { ...unit, images };
  };

  const findImage = (unit: ImageUnit, imageId: string) => {
    const image = unit.images.find((candidate) => candidate.id === imageId);
    if (!image) throw new errors.NotFoundError(UNIT_IMAGE_MESSAGES.imageNotFound);
    return image;
  };

  return {
    /**
     * Checks the file (bytes, decode, size by origin), stores it under units/{unitId}/..., then adds
     * the entry under the unit's row lock. The count is checked again under the lock: of racing
     * uploads only those that fit are kept, and a refused one's stored file is deleted again.
     */
    async upload(unitId: number, file: IncomingImage, origin: ImageUploadOrigin): Promise<ImageUploadResult> {
      const image = await checkImageFile(strapi, file, { maxBytes: maxBytesFor(origin), tooLarge: payloadTooLarge });
      // The cheap refusals first, so a doomed upload stores nothing.
      const before = await data.loadOne(unitId);
      if (!before) throw new errors.NotFoundError(UNIT_IMAGE_MESSAGES.unitNotFound);
      if (isFollower(before)) throw conflict(UNIT_IMAGE_MESSAGES.addShared);
      if (remainingImageSlots(before.images.length) === 0) throw conflict(maxImagesMessage());

      const stored = await storeImage(strapi, unitImageFolder(unitId), image);
      try {
        const { result } = await change(unitId, async (unit) => {
          if (isFollower(unit)) throw conflict(UNIT_IMAGE_MESSAGES.addShared);
          const entry: StoredImage = {
            id: newImageId(unit.images),
            url: stored.url,
            path: stored.key,
            name: image.fileName,
            featured: false,
            isSourceUnit: isSource(unit),
          };
          const added = addImages(unit.images, [entry]);
          if (!added.ok) throw conflict(added.error);
          const saved = await save(unit, added.images);
          const kept = saved.images.find((candidate) => candidate.id === entry.id) ?? entry;
          return { result: { ...imagesStateOf(saved), image: publicImage(kept) }, released: [] };
        });
        return result;
      } catch (error) {
        await removeStoredFiles(strapi, [stored.key]);
        throw error;
      }
    },

    /** Deletes one image; the first remaining one becomes featured if it was (spec §4). */
    async remove(unitId: number, imageId: string): Promise<UnitImagesState> {
      const { result } = await change(unitId, async (unit) => {
        if (isFollower(unit)) throw conflict(UNIT_IMAGE_MESSAGES.deleteShared);
        const image = findImage(unit, imageId);
        const saved = await save(unit, removeImage(unit.images, imageId));
        return { result: imagesStateOf(saved), released: [image.path] };
      });
      return result;
    },

    /** Clears all images of a unit (and of its followers); storage failures are counted, not thrown. */
    async clear(unitId: number): Promise<ClearImagesResult> {
      const { result, files } = await change(unitId, async (unit) => {
        if (isFollower(unit)) throw conflict(UNIT_IMAGE_MESSAGES.deleteShared);
        if (unit.images.length === 0) throw conflict(UNIT_IMAGE_MESSAGES.nothingToClear);
        const saved = await save(unit, []);
        return { result: { state: imagesStateOf(saved), count: unit.images.length }, released: unit.images.map((image) => image.path) };
      });
      const deleted = result.count - files.failed;
      return { ...result.state, deleted, failed: files.failed, message: clearedMessage(deleted, files.failed) };
    },

    /** 'Set as Primary': this image becomes the one featured image (spec §4). */
    async setFeatured(unitId: number, imageId: string): Promise<UnitImagesState> {
      const { result } = await change(unitId, async (unit) => {
        if (isFollower(unit)) throw conflict(UNIT_IMAGE_MESSAGES.modifyShared);
        findImage(unit, imageId);
        const saved = await save(unit, setFeatured(unit.images, imageId));
        return { result: imagesStateOf(saved), released: [] };
      });
      return result;
    },
  };
};

export type UnitImages = ReturnType<typeof unitImages>;
export default unitImages;
