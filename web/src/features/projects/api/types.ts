import type { ImageMetadata, Market } from '@repo/types';

/** GET /projects/:id and GET /projects, as the API contract declares them (admins also get the revision). */
export type { ProjectCard, ProjectRecord } from '@repo/types';

/** The body of POST /projects, and the fields of PUT /projects/:id (spec §7: the create payload). */
export interface ProjectInput {
  name: string;
  location: string;
  description: string | null;
  visibleTo: Market[];
  imageUrl: string | null;
  imageMetadata: ImageMetadata | null;
}

export const PROJECTS_PATH = '/projects';
export const projectPath = (id: number | string) => `${PROJECTS_PATH}/${id}`;
