import type { UnitImage } from '@repo/types';
import { makeProject } from '@/test/fixtures';
import type { ImageUnit } from '../api/types';

export const PROJECT = makeProject();

export const makeImages = (count: number, unitId = 1, featured = 0): UnitImage[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `img_${unitId}${index}`,
    url: `/uploads/units/${unitId}/${index}.png`,
    name: `photo-${index}.png`,
    featured: index === featured,
    isSourceUnit: false,
  }));

export const makeImageUnit = (overrides: Partial<ImageUnit> = {}): ImageUnit => ({
  id: 1,
  unitNumber: '101',
  unitType: '1 Bedroom',
  status: 'available',
  bedrooms: 1,
  floor: '1',
  images: [],
  isImageSource: false,
  isSourceUnit: false,
  useSharedImages: false,
  sharedImagesUnitId: null,
  ...overrides,
});

/** A unit as GET /projects/11/unit-images lists it: card fields, images and sharing flags. */
export const row = (unit: ImageUnit) => ({
  ...unit,
  name: null,
  view: null,
  area: null,
  size: null,
  price: null,
  bathrooms: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
});

/** A picked file of `size` bytes. */
export const file = (name: string, type = 'image/png', size = 1024) => new File([new Uint8Array(size)], name, { type });
