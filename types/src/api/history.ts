/**
 * The unit history's contract (beyond the spec: the audit trail of units, admins only). Paths are
 * relative to /api. The server writes an entry with each change of a unit, in the change's own
 * transaction; the unit detail's History section reads them newest first.
 */
export const UNIT_HISTORY_PATHS = {
  unitHistory: (unitId: number | string) => `/units/${unitId}/history`,
} as const;

export const UNIT_HISTORY_ACTIONS = ['created', 'deleted', 'status-changed', 'price-changed', 'sale-details-saved', 'archived', 'unarchived'] as const;
export type UnitHistoryAction = (typeof UNIT_HISTORY_ACTIONS)[number];

/** Which door a change came through: the portal, or the CMS panel (issue #24). */
export type UnitHistorySource = 'portal' | 'cms-panel';

/** How many entries GET /units/:id/history answers at most, newest first. */
export const UNIT_HISTORY_LIMIT = 500;

/** One entry of GET /units/:id/history. */
export interface UnitHistoryEntry {
  id: number;
  action: UnitHistoryAction;
  /** The changed fields before and after (a status, a price, the sale details); null where there is no side. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** The portal user's id; null for a change made in the CMS panel, whose staff are not portal users. */
  actorId: number | null;
  actorEmail: string | null;
  /** null on entries older than the field (made in the portal). */
  source: UnitHistorySource | null;
  createdAt: string;
}
