import { useCallback } from 'react';
import { deleteUnitImage } from '../api/delete-unit-image';
import { setFeaturedImage } from '../api/set-featured-image';
import { toggleSharedImages } from '../api/toggle-shared-images';
import { uploadUnitImage } from '../api/upload-unit-image';
import { featuredKeyOf, type FormImagesValue } from '../utils/form-images';
import { useImageInvalidation } from './use-image-invalidation';

/** Where a form's uploads stand: the file being sent (1-based) of how many, and its percent. */
export interface FormImagesProgress {
  file: number;
  files: number;
  percent: number;
}

export interface FormImagesSaveOptions {
  projectId: number | string;
  shareWith?: number[];
  keepUnit?: boolean;
  onProgress?: (progress: FormImagesProgress) => void;
}

export interface FormImagesSaveResult {
  /** Uploads or deletions that failed; the rest of the save stands. */
  failedUploads: number;
  failedDeletes: number;
}

const settle = async <T>(call: () => Promise<T>): Promise<T | null> => {
  try {
    return await call();
  } catch {
    return null;
  }
};

/**
 * Applies a unit form's images once the unit itself is saved: the stored images marked for
 * deletion go, the new files are uploaded (10MB each, origin 'unit-form'), then the chosen image
 * becomes the featured one. `shareWith` (a batch with shared images) links the other new units to
 * the shared images of their type, which the first one now holds.
 */
export const useSaveFormImages = () => {
  const invalidate = useImageInvalidation();
  return useCallback(
    async (
      unitId: number,
      value: FormImagesValue,
      { projectId, shareWith = [], keepUnit = false, onProgress }: FormImagesSaveOptions,
    ): Promise<FormImagesSaveResult> => {
      let failedUploads = 0;
      let failedDeletes = 0;
      const featuredKey = featuredKeyOf(value);
      let featuredId: string | null = null;
      for (const item of value.items) {
        if (item.kind === 'existing' && item.removed) {
          if ((await settle(() => deleteUnitImage(unitId, item.image.id))) === null) failedDeletes += 1;
        }
      }
      const files = value.items.filter((item) => item.kind === 'new').length;
      let file = 0;
      for (const item of value.items) {
        if (item.kind === 'existing' && !item.removed && item.key === featuredKey) featuredId = item.image.id;
        if (item.kind !== 'new') continue;
        file += 1;
        const current = file;
        onProgress?.({ file: current, files, percent: 0 });
        const uploaded = await settle(() =>
          uploadUnitImage({ unitId, file: item.file, origin: 'unit-form', onProgress: (percent) => onProgress?.({ file: current, files, percent }) }),
        );
        if (uploaded === null) failedUploads += 1;
        else if (item.key === featuredKey) featuredId = uploaded.image.id;
      }
      // The server makes the first image featured; another choice is saved explicitly.
      if (featuredId !== null) await settle(() => setFeaturedImage(unitId, featuredId as string));
      for (const other of shareWith) await settle(() => toggleSharedImages(other, true));
      await invalidate(projectId, keepUnit ? { keepUnitId: unitId } : {});
      return { failedUploads, failedDeletes };
    },
    [invalidate],
  );
};

/**
 * The Add New Unit modal's images, once the units exist. One unit, or a batch with shared images
 * (on by default; needs a unit type to share by): the files go to the first unit and the others
 * share them. A batch without sharing gets its own copy of the files in every unit.
 */
export const useSaveNewUnitImages = () => {
  const save = useSaveFormImages();
  return useCallback(
    async (
      unitIds: number[],
      value: FormImagesValue,
      {
        projectId,
        shared,
        unitType,
        onProgress,
      }: { projectId: number | string; shared: boolean; unitType: string; onProgress?: FormImagesSaveOptions['onProgress'] },
    ) => {
      if (value.items.length === 0 || unitIds.length === 0) return { failedUploads: 0, failedDeletes: 0 };
      const [first, ...rest] = unitIds;
      if (rest.length === 0 || (shared && unitType.trim() !== '')) return save(first, value, { projectId, shareWith: rest, onProgress });
      let failedUploads = 0;
      for (const unitId of unitIds) failedUploads += (await save(unitId, value, { projectId, onProgress })).failedUploads;
      return { failedUploads, failedDeletes: 0 };
    },
    [save],
  );
};
