import { IMAGE_PATHS, type ImageUploadOrigin, type ImageUploadResult } from '@repo/types';
import { apiUpload } from '@/lib/api/api-upload';

export interface UploadUnitImageArg {
  unitId: number;
  file: File;
  /** Decides the size limit on the server: 5MB for the image manager, 10MB for the unit form. */
  origin: ImageUploadOrigin;
  onProgress?: (percent: number) => void;
}

/** One file to POST /units/:id/images; the server checks its bytes, picks the storage key and answers the unit's images. */
export const uploadUnitImage = ({ unitId, file, origin, onProgress }: UploadUnitImageArg) => {
  const form = new FormData();
  form.append('origin', origin);
  form.append('file', file, file.name);
  return apiUpload<ImageUploadResult>(IMAGE_PATHS.upload(unitId), form, { onProgress });
};
