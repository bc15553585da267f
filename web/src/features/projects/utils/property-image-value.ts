import type { ImageMetadata, ImageVariant } from '@repo/types';

/**
 * The Property Image field's value. Nothing is uploaded while the form is open (spec §4): a picked
 * and cropped image stays `pending` until submit. `source` is what the crop dialog reopens on, the
 * original pick (so a second crop does not crop the first one) or the stored image's URL.
 */
export type PropertyImageValue =
  | { kind: 'none' }
  /** `variants`: the stored cover's WebP sizes, for the preview; a re-crop starts from `url`, the original. */
  | { kind: 'existing'; url: string; metadata: ImageMetadata | null; variants?: readonly ImageVariant[] | null }
  | { kind: 'pending'; file: File; source: File | string; sourceName: string; metadata: ImageMetadata };

export const initialImageValue = (
  project?: { imageUrl: string | null; imageMetadata: ImageMetadata | null; imageVariants?: readonly ImageVariant[] | null } | null,
): PropertyImageValue =>
  project?.imageUrl ? { kind: 'existing', url: project.imageUrl, metadata: project.imageMetadata, variants: project.imageVariants } : { kind: 'none' };

/** The file name of a stored image, from its URL, for naming a re-crop of it. */
export const fileNameOfUrl = (url: string) => {
  const last = url.split(/[?#]/)[0].split('/').pop() ?? '';
  try {
    return decodeURIComponent(last) || 'image.jpg';
  } catch {
    return last || 'image.jpg';
  }
};
