import { IMAGE_PATHS, type ClearImagesResult } from '@repo/types';
import { apiFetch } from '@/lib/api/api-fetch';

/** 'Clear All Images': every image of the unit; files that cannot be removed are counted, not fatal. */
export const clearUnitImages = (unitId: number) => apiFetch<ClearImagesResult>(IMAGE_PATHS.clear(unitId), { method: 'DELETE' });
