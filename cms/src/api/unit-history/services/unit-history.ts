import type { Core } from '@strapi/strapi';
import { bulkInsert, type KnexTransaction } from '../../../utils/bulk-insert';
import type { Viewer } from '../../../utils/viewer';

export type HistoryAction = 'created' | 'deleted' | 'status-changed' | 'price-changed' | 'sale-details-saved' | 'archived' | 'unarchived';

export interface HistoryEntry {
  unitId: number;
  projectId: number;
  unitNumber: string | null;
  action: HistoryAction;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

const UID = 'api::unit-history.unit-history';

/**
 * The audit trail of units (beyond the spec). Callers pass the entries of one change; they are
 * written with one multi-row insert, inside whatever transaction the caller runs.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async record(viewer: Viewer, entries: HistoryEntry[]) {
    if (entries.length === 0) return;
    const actor = { actorId: viewer.userId, actorEmail: viewer.email };
    await strapi.db.query(UID).createMany({
      data: entries.map((entry) => ({ ...entry, before: entry.before ?? null, after: entry.after ?? null, ...actor })),
    });
  },

  /**
   * The set-based path for thousands of entries (CSV import): chunked multi-row INSERTs through knex
   * on the caller's transaction `trx`, with the event loop let through between chunks.
   */
  async recordMany(viewer: Viewer, entries: HistoryEntry[], trx: KnexTransaction) {
    const rows = entries.map(({ unitId, projectId, unitNumber, action, before, after }) => ({
      unitId,
      projectId,
      unitNumber,
      action,
      before: before ?? null,
      after: after ?? null,
      actorId: viewer.userId,
      actorEmail: viewer.email,
    }));
    await bulkInsert(strapi, trx, UID, rows);
  },

  async forUnit(unitId: number) {
    return strapi.db.query(UID).findMany({
      where: { unitId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: ['id', 'action', 'before', 'after', 'actorId', 'actorEmail', 'createdAt'],
      limit: 500,
    });
  },
});
