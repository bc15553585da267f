import { IMAGE_PATHS, type ToggleSharingResult } from '@repo/types';
import { apiFetch } from '@/lib/api/api-fetch';

/** The image-source selector: share the images of the unit's type (true) or use its own (false). */
export const toggleSharedImages = (unitId: number, enabled: boolean) =>
  apiFetch<ToggleSharingResult>(IMAGE_PATHS.sharing(unitId), { method: 'PUT', body: { enabled } });
