import { IMAGE_PATHS, type UnitImagesState } from '@repo/types';
import { apiFetch } from '@/lib/api/api-fetch';

/** Deletes one image and its stored file; the server promotes the first remaining one when it was featured. */
export const deleteUnitImage = (unitId: number, imageId: string) => apiFetch<UnitImagesState>(IMAGE_PATHS.image(unitId, imageId), { method: 'DELETE' });
