import { UNIT_STATUSES } from '@repo/types';
import { makeProject } from '@/test/fixtures';
import type { UnitDetail, UnitListItem } from '../api/types';

export const makeUnit = (overrides: Partial<UnitListItem> = {}): UnitListItem => ({
  id: 1,
  unitNumber: '101',
  name: null,
  unitType: '1 Bedroom',
  floor: '1',
  view: 'Sea View',
  area: 750.5,
  size: null,
  price: 1_200_000,
  status: 'available',
  bedrooms: 1,
  bathrooms: 1.5,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const TYPES = ['Studio', '1 Bedroom', '2 Bedroom', 'Penthouse'];
const VIEWS = ['Sea View', 'City View', 'Marina View'];

/** A big project: `count` units over 50 floors, deterministic. */
export const manyUnits = (count: number): UnitListItem[] =>
  Array.from({ length: count }, (_, index) => {
    const floor = Math.floor(index / 100) + 1;
    return makeUnit({
      id: index + 1,
      unitNumber: `${floor}${String((index % 100) + 1).padStart(2, '0')}`,
      unitType: TYPES[index % TYPES.length],
      floor: String(floor),
      view: VIEWS[index % VIEWS.length],
      area: 400 + (index % 37) * 10,
      price: 500_000 + ((index * 7919) % 1000) * 1000,
      status: UNIT_STATUSES[index % UNIT_STATUSES.length],
    });
  });

export const makeDetail = (overrides: Partial<UnitDetail> = {}): UnitDetail => ({
  ...makeUnit(),
  id: 7,
  unitNumber: '1204',
  projectId: '11',
  description: 'Corner unit with a wraparound balcony.',
  features: 'Balcony, Maid Room , Storage',
  available: true,
  visibleTo: ['dubai'],
  isImageSource: false,
  isSourceUnit: false,
  sharedImagesUnitId: null,
  useSharedImages: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  images: [],
  project: { id: 11, name: 'Marina Heights', location: 'Dubai Marina, Dubai', visibleTo: ['dubai'] },
  archived: false,
  revision: 3,
  ...overrides,
});

export const PROJECT = makeProject({ description: 'A tower on the marina.' });
