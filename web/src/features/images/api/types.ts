import type { UnitImage, UnitImagesState, UnitStatus } from '@repo/types';

/** What the unit-images screen knows of a unit: the card's fields, its images and sharing flags. */
export interface ImageUnit {
  id: number;
  unitNumber: string;
  unitType: string | null;
  status: UnitStatus;
  bedrooms: number | null;
  floor: string | null;
  images: UnitImage[];
  isImageSource: boolean;
  isSourceUnit: boolean;
  useSharedImages: boolean;
  /** The source's id as text, as the sharing rules compare it. */
  sharedImagesUnitId: string | null;
}

/** The sharing flags and images of one unit, as every image route answers them. */
export type ImageState = Pick<ImageUnit, 'images' | 'isImageSource' | 'isSourceUnit' | 'useSharedImages' | 'sharedImagesUnitId'>;

export const imageStateOf = (state: UnitImagesState): ImageState => ({
  images: state.images,
  isImageSource: state.isImageSource,
  isSourceUnit: state.isSourceUnit,
  useSharedImages: state.useSharedImages,
  sharedImagesUnitId: state.sharedImagesUnitId,
});
