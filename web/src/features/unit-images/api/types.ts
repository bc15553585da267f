import type { ImageUnitSummary, UnitImagesState } from '@repo/types';

/** What the unit-images screen knows of a unit: the card's fields, its images and sharing flags (GET list). */
export type ImageUnit = ImageUnitSummary;

/** The sharing flags and images of one unit, as every image route answers them. */
export type ImageState = Pick<ImageUnit, 'images' | 'isImageSource' | 'isSourceUnit' | 'useSharedImages' | 'sharedImagesUnitId'>;

export const imageStateOf = (state: UnitImagesState): ImageState => ({
  images: state.images,
  isImageSource: state.isImageSource,
  isSourceUnit: state.isSourceUnit,
  useSharedImages: state.useSharedImages,
  sharedImagesUnitId: state.sharedImagesUnitId,
});
