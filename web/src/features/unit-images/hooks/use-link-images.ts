import { TIMERS_MS } from '@repo/types';
import { useEffect, useRef, useState } from 'react';
import { toaster } from '@/components/ui/toaster';
import { linkUnitImages, unlinkUnitImages } from '../api/link-unit-images';
import { IMAGES_TEXT } from '../utils/messages';
import { useImageInvalidation } from './use-image-invalidation';

// The alert names the reason: the server's wording, or what went wrong on the way.
const reasonOf = (cause: unknown) => (cause instanceof Error && cause.message ? cause.message : 'Unknown error');

/**
 * 'Link Images' and 'Unlink Images' of the unit-images screen (spec §4): afterwards every cache is
 * cleared and the data re-read; after unlinking once more a second later (spec §9).
 */
export const useLinkImages = (projectId: number | string) => {
  const invalidate = useImageInvalidation();
  const [busy, setBusy] = useState<'link' | 'unlink' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  const link = async () => {
    setBusy('link');
    try {
      const result = await linkUnitImages(projectId);
      toaster.success({ title: IMAGES_TEXT.linked(result.changedUnits) });
    } catch (cause) {
      toaster.error({ title: IMAGES_TEXT.linkFailed(reasonOf(cause)) });
    } finally {
      setBusy(null);
      await invalidate(projectId, { everything: true });
    }
  };

  /** No type: 'Unlink All Units'. */
  const unlink = async (unitType?: string) => {
    setBusy('unlink');
    try {
      const result = await unlinkUnitImages(projectId, unitType);
      toaster.success({ title: IMAGES_TEXT.unlinked(result.changedUnits) });
    } catch (cause) {
      toaster.error({ title: IMAGES_TEXT.unlinkFailed(reasonOf(cause)) });
    } finally {
      setBusy(null);
      await invalidate(projectId, { everything: true });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void invalidate(projectId, { everything: true }), TIMERS_MS.unlinkRefresh);
    }
  };

  return { busy, link, unlink };
};
