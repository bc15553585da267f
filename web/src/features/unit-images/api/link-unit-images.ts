import { IMAGE_PATHS, type LinkImagesResult, type UnlinkImagesResult } from '@repo/types';
import { apiFetch } from '@/lib/api/api-fetch';

/** 'Link Images': every unit type of the project that can share, in one transaction on the server. */
export const linkUnitImages = (projectId: number | string) => apiFetch<LinkImagesResult>(IMAGE_PATHS.link(projectId), { method: 'POST' });

/** 'Unlink All Units' (no type) or 'Unlink {type} Units'. */
export const unlinkUnitImages = (projectId: number | string, unitType?: string) =>
  apiFetch<UnlinkImagesResult>(IMAGE_PATHS.unlink(projectId), { method: 'POST', body: unitType === undefined ? {} : { unitType } });
