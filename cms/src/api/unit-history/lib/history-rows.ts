import type { UnitHistoryAction } from '@repo/types';
import type { Viewer } from '../../../http/current-viewer';

export type HistoryAction = UnitHistoryAction;

export interface HistoryEntry {
  unitId: number;
  projectId: number;
  unitNumber: string | null;
  action: HistoryAction;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Who made a change and through which door, as the history stores it. */
export interface HistoryActor {
  actorId: number | null;
  actorEmail: string;
  source: 'cms-panel' | 'portal';
}

/**
 * A panel user is a Strapi admin user, whose id means nothing among portal users, so only the e-mail
 * is kept for them.
 */
export const actorOf = (viewer: Viewer): HistoryActor =>
  viewer.via === 'cms-panel'
    ? { actorId: null, actorEmail: viewer.email, source: 'cms-panel' }
    : { actorId: viewer.userId, actorEmail: viewer.email, source: 'portal' };

/** Entries as rows of the history's table, every row the same keys (one multi-row INSERT). */
export const historyRows = (entries: readonly HistoryEntry[], actor: HistoryActor) =>
  entries.map(({ unitId, projectId, unitNumber, action, before, after }) => ({
    unitId,
    projectId,
    unitNumber,
    action,
    before: before ?? null,
    after: after ?? null,
    ...actor,
  }));
