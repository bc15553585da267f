import type { Market, UnitImage, UnitStatus } from '@repo/types';

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

/** GET /units/:id: the unit with its images and its project; admins also get archived and revision. */
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
  project: { id: number; name: string; location: string | null; visibleTo: Market[] | null } | null;
  archived?: boolean;
  revision?: number;
}

export type UnitHistoryAction = 'created' | 'deleted' | 'status-changed' | 'price-changed' | 'sale-details-saved' | 'archived' | 'unarchived';

export interface UnitHistoryEntry {
  id: number;
  action: UnitHistoryAction;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  actorEmail: string | null;
  /** Which door the change came through; null on entries older than the field (the portal). */
  source?: 'portal' | 'cms-panel' | null;
  createdAt: string;
}

/** What the unit forms send (a UnitInput of '@repo/types', before normalising). */
export type UnitInputBody = Record<string, unknown>;

export const projectUnitsPath = (projectId: number | string) => `/projects/${projectId}/units`;
export const unitPath = (id: number | string) => `/units/${id}`;
