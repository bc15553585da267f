import { useState } from 'react';
import { toaster } from '@/components/ui/toaster';
import { ApiError, errorMessage } from '@/lib/api/api-error';
import { clearUnitImages } from '../api/clear-unit-images';
import { deleteUnitImage } from '../api/delete-unit-image';
import { setFeaturedImage } from '../api/set-featured-image';
import { IMAGES_TEXT } from '../utils/messages';
import { useImageInvalidation } from './use-image-invalidation';

export type ImageAction = 'delete' | 'clear' | 'primary';

/**
 * Delete one, clear all and 'Set as Primary' for one unit, with the spec's messages (spec §8):
 * each answers true when it succeeded, and the unit's caches are refreshed either way, since a
 * refusal can mean the unit changed under the screen (a source linked it, an image went).
 */
export const useImageActions = (unitId: number, projectId: number | string | null) => {
  const invalidate = useImageInvalidation();
  const [busy, setBusy] = useState<ImageAction | null>(null);

  const run = async (action: ImageAction, call: () => Promise<string>, fallback: string) => {
    setBusy(action);
    try {
      toaster.success({ title: await call() });
      return true;
    } catch (cause) {
      toaster.error({ title: errorMessage(cause, fallback) });
      return false;
    } finally {
      setBusy(null);
      await invalidate(projectId, { keepUnitId: unitId });
    }
  };

  const deleteImage = (imageId: string) =>
    run(
      'delete',
      async () => {
        await deleteUnitImage(unitId, imageId);
        return IMAGES_TEXT.deleted;
      },
      IMAGES_TEXT.deleteFailed,
    );

  const clearAll = () =>
    run(
      'clear',
      async () => {
        try {
          const result = await clearUnitImages(unitId);
          return IMAGES_TEXT.cleared(result.deleted, result.failed);
        } catch (cause) {
          // The server's 'There are no images to clear.' is news, not a failure of the screen.
          if (cause instanceof ApiError && cause.status === 409 && cause.message === IMAGES_TEXT.nothingToClear) return cause.message;
          throw cause;
        }
      },
      IMAGES_TEXT.clearFailed,
    );

  const setPrimary = (imageId: string) =>
    run(
      'primary',
      async () => {
        await setFeaturedImage(unitId, imageId);
        return IMAGES_TEXT.primarySet;
      },
      IMAGES_TEXT.primaryFailed,
    );

  return { busy, deleteImage, clearAll, setPrimary };
};
