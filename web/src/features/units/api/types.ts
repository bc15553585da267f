
/** The unit shapes are the API contract's (types/src/api/units.ts). */
export type { UnitDetail, UnitListItem } from '@repo/types';

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
