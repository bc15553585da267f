import type { Core } from '@strapi/strapi';
import { UNIT_HISTORY_LIMIT, type UnitHistoryAction, type UnitHistoryEntry, type UnitStatus } from '@repo/types';
import { bulkInsert, insertStatusChanges, type DbTransaction } from '../../../db';
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

const UID = 'api::unit-history.unit-history';

/**
 * Who made the change and through which door. A panel user is a Strapi admin user, whose id means
 * nothing among portal users, so only the e-mail is kept for them.
 */
const actorOf = (viewer: Viewer) =>
  viewer.via === 'cms-panel'
    ? { actorId: null, actorEmail: viewer.email, source: 'cms-panel' as const }
    : { actorId: viewer.userId, actorEmail: viewer.email, source: 'portal' as const };
const UNIT_UID = 'api::unit.unit';

/** One entry per field of UnitHistoryEntry, so a field of the contract missing here, or one here it lacks, fails the type check. */
const ENTRY_COLUMNS = {
  id: true,
  action: true,
  before: true,
  after: true,
  actorId: true,
  actorEmail: true,
  source: true,
  createdAt: true,
} satisfies Record<keyof UnitHistoryEntry, true>;
const ENTRY_FIELDS = Object.keys(ENTRY_COLUMNS);

/**
 * The audit trail of units (beyond the spec). Callers pass the entries of one change; they are
 * written with one multi-row insert, inside whatever transaction the caller runs.
 */
const unitHistoryService = ({ strapi }: { strapi: Core.Strapi }) => ({
  async record(viewer: Viewer, entries: HistoryEntry[]) {
    if (entries.length === 0) return;
    const actor = actorOf(viewer);
    await strapi.db.query(UID).createMany({
      data: entries.map((entry) => ({ ...entry, before: entry.before ?? null, after: entry.after ?? null, ...actor })),
    });
  },

  /**
   * The set-based path for thousands of entries (CSV import): chunked multi-row INSERTs through knex
   * on the caller's transaction `trx`, with the event loop let through between chunks.
   */
  async recordMany(viewer: Viewer, entries: HistoryEntry[], trx: DbTransaction) {
    const rows = entries.map(({ unitId, projectId, unitNumber, action, before, after }) => ({
      unitId,
      projectId,
      unitNumber,
      action,
      before: before ?? null,
      after: after ?? null,
      ...actorOf(viewer),
    }));
    await bulkInsert(strapi, trx, UID, rows);
  },

  /**
   * The 'status-changed' entries of a bulk status change, for the units among `ids` not in `status`
   * yet, written by the database from the units' own rows in one INSERT ... SELECT on the caller's
   * transaction (thousands of entries, none passing through Node). The caller runs it before its
   * UPDATE, with the rows locked where the database needs it.
   */
  async recordStatusChanges(viewer: Viewer, ids: number[], status: UnitStatus, trx: DbTransaction) {
    await insertStatusChanges(strapi, trx, { historyUid: UID, unitUid: UNIT_UID, ids, status, actor: actorOf(viewer) });
  },

  /** The unit's entries, newest first (types/src/api/history.ts). */
  async forUnit(unitId: number): Promise<UnitHistoryEntry[]> {
    return strapi.db.query(UID).findMany({
      where: { unitId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: ENTRY_FIELDS,
      limit: UNIT_HISTORY_LIMIT,
    });
  },
});

export type UnitHistoryService = ReturnType<typeof unitHistoryService>;
export default unitHistoryService;
