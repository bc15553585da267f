import { LIMITS, type Market, type UnitStatus } from '../domain';
import type { UnitImage } from '../domain';
import { UNIT_INPUT_MESSAGES } from '../rules/unit-input';

/**
 * The unit API's contract (spec §3 Unit, §5 unit form, §7 units): the paths, the messages and the
 * shapes the server answers; the request bodies' schemas are in ./units-input.ts, apart, so a screen
 * that only reads units (an agent's) loads no zod. Paths are relative to /api.
 */

export const UNIT_PATHS = {
  projectUnits: (projectId: number | string) => `/projects/${projectId}/units`,
  unit: (id: number | string) => `/units/${id}`,
  bulkStatus: '/units/bulk-status',
  bulkDelete: '/units/bulk-delete',
} as const;

export const UNIT_API_MESSAGES = {
  unitsRequired: 'Missing required field: unitNumber',
  unitsCount: `Between ${LIMITS.batchMin} and ${LIMITS.batchMax} units can be created at once`,
  notifyAgents: 'notifyAgents must be true or false',
  revision: 'revision must be a whole number',
  status: UNIT_INPUT_MESSAGES.status,
  idsRequired: 'Select at least one unit',
  idsTooMany: (max: number) => `At most ${max} at a time`,
  invalidId: 'Invalid id',
  /** 404 of every unit route, for a unit that does not exist or that the viewer may not see. */
  notFound: 'Unit not found',
  /** 409 of PUT /units/:id sent with a revision older than the unit's. */
  stale: 'This unit was changed by someone else. Reload to see the latest version.',
} as const;

/** A bulk action covers at most one project's worth of units. */
export const MAX_BULK_IDS = 5000;
/** A row of a project's unit list (GET /projects/:id/units): only what the table needs. */
export interface UnitListItem {
  id: number;
  unitNumber: string;
  name: string | null;
  unitType: string | null;
  floor: string | null;
  view: string | null;
  area: number | null;
  size: number | null;
  price: number | null;
  status: UnitStatus;
  bedrooms: number | null;
  bathrooms: number | null;
  updatedAt: string;
}

/** GET /units/:id (and every unit write's answer): the unit with its images and project; admins also get archived and revision. */
export interface UnitDetail extends UnitListItem {
  projectId: string;
  description: string | null;
  features: string | null;
  available: boolean;
  visibleTo: Market[] | null;
  isImageSource: boolean;
  isSourceUnit: boolean;
  sharedImagesUnitId: number | string | null;
  useSharedImages: boolean;
  createdAt: string;
  images: UnitImage[];
  project: {
    id: number;
    name: string;
    location: string | null;
    visibleTo: Market[] | null;
  } | null;
  archived?: boolean;
  revision?: number;
}

/** POST /units/bulk-status answers `{ data }` with this. */
export interface UnitStatusChangeResult {
  status: UnitStatus;
  updated: number;
  unchanged: number;
}
