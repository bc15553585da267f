import type { UnitStatusCounts } from '@repo/types';
import type { ProjectCard } from '../api/types';

const counts = (overrides: Partial<UnitStatusCounts> = {}): UnitStatusCounts => ({
  available: 0,
  sold: 0,
  reserved: 0,
  unavailable: 0,
  occupied: 0,
  ...overrides,
});

export const makeCard = (overrides: Partial<ProjectCard> = {}): ProjectCard => {
  const unitStatusCounts = overrides.unitStatusCounts ?? counts({ available: 3, sold: 2 });
  return {
    id: 1,
    name: 'Marina Heights',
    location: 'Dubai Marina, Dubai',
    description: 'A tower on the marina.',
    projectType: 'tower',
    imageUrl: null,
    imageMetadata: null,
    visibleTo: ['dubai'],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    totalUnits: Object.values(unitStatusCounts).reduce((sum, count) => sum + count, 0),
    unitStatusCounts,
    ...overrides,
  };
};

export const CARDS: ProjectCard[] = [
  makeCard({ id: 11, name: 'Marina Heights', unitStatusCounts: counts({ available: 4, sold: 2, occupied: 1 }) }),
  makeCard({
    id: 12,
    name: 'Pearl Bay Residences',
    location: 'The Pearl, Doha',
    visibleTo: ['doha'],
    imageUrl: '/uploads/property_images/1_pearl.jpg',
    imageMetadata: { objectPosition: 'left top', cropMode: 'aspect' },
  }),
  makeCard({ id: 13, name: 'Gulf Horizon Tower', location: 'Business Bay', visibleTo: ['dubai', 'doha'] }),
  makeCard({ id: 14, name: 'Desert Rose', location: 'Muscat', visibleTo: [], unitStatusCounts: counts() }),
];

export { counts };
