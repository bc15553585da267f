import type { ProjectRecord } from '@repo/types';

/** A project as GET /projects/:id answers it: the demo's Marina Heights (id 11), Dubai only. */
export const makeProject = (overrides: Partial<ProjectRecord> = {}): ProjectRecord => ({
  id: 11,
  name: 'Marina Heights',
  location: 'Dubai Marina, Dubai',
  description: null,
  projectType: 'tower',
  imageUrl: null,
  imageMetadata: null,
  visibleTo: ['dubai'],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
