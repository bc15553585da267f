import type { UnitStatusCounts } from '@repo/types';
import { makeProject } from '@/test/fixtures';
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
    ...makeProject({ id: 1, description: 'A tower on the marina.' }),
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
