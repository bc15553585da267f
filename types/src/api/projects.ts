import type { Project, ProjectSummary } from '../domain';

/**
 * The project (property) API (spec §2 Admin dashboard, Project detail, Property create/edit form;
 * §5 Property form; §7 project data functions). The server implements it in cms/src/api/project;
 * the web calls it from web/src/features/projects/api. The request bodies' schemas, which the
 * property form validates with too, are in ./projects-input.ts, apart, so a screen that only reads
 * projects (an agent's) loads no zod. Paths are relative to /api. Reads are open to every signed-in user (filtered to
 * what they may see); writes are admin-only.
 *
 * Stale writes: every admin read carries the project's `revision`; an edit sends the revision it
 * was read at, and one made from an older revision is refused with 409 PROJECT_MESSAGES.stale
 * (nothing is written). Of two edits from the same revision exactly one succeeds.
 */
export const PROJECT_PATHS = {
  list: '/projects',
  project: (id: number | string) => `/projects/${id}`,
} as const;

export const PROJECT_MESSAGES = {
  /** 404 of every project route, for a project that does not exist or that the viewer may not see. */
  notFound: 'Project not found',
  /** Spec §5 Property form. */
  required: 'Name and Location are required',
  stale: 'This property was changed by someone else. Reload to see the latest version.',
  revisionRequired: 'revision is required: send the revision the property was read at',
  visibleTo: 'Visible To may hold only dubai and doha',
  imageMetadata: 'Image metadata must be a small object',
} as const;

/**
 * GET /projects/:id, and POST and PUT's answer. `revision` is given to admins only (agents never
 * write, and their views carry nothing they do not need).
 */
export interface ProjectRecord extends Project {
  projectType: string | null;
  revision?: number;
}

/** One dashboard card of GET /projects: the project with its per-status counts. */
export interface ProjectCard extends ProjectSummary {
  projectType: string | null;
  revision?: number;
}

/** DELETE /projects/:id: the project and every unit of it are gone. */
export interface DeleteProjectResult {
  id: number;
  deletedUnits: number;
}
