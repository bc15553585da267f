import type { ImageMetadata, Market, Project, ProjectSummary } from '@repo/types';

/** A project as GET /projects/:id answers it (the API also carries the project type). */
export interface ProjectRecord extends Project {
  projectType: string | null;
}

/** A dashboard card as GET /projects answers it: the project with its per-status counts. */
export interface ProjectCard extends ProjectSummary {
  projectType: string | null;
}

/** The body of POST /projects and PUT /projects/:id (spec §7: the create payload). */
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
