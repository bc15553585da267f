import { IMAGE_PATHS, type UnitImagesState } from '@repo/types';
import { apiFetch } from '@/lib/api/api-fetch';

/** 'Set as Primary': this image becomes the unit's one featured image. */
export const setFeaturedImage = (unitId: number, imageId: string) => apiFetch<UnitImagesState>(IMAGE_PATHS.featured(unitId, imageId), { method: 'PUT' });
