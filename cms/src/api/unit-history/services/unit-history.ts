import type { Core } from '@strapi/strapi';
import { UNIT_HISTORY_LIMIT, type UnitHistoryEntry, type UnitStatus } from '@repo/types';
import { insertStatusChanges, type DbTransaction } from '../../../db';
import type { Viewer } from '../../../http/current-viewer';
import { actorOf, historyRows, type HistoryEntry } from '../lib/history-rows';

export type { HistoryAction, HistoryEntry } from '../lib/history-rows';

const UID = 'api::unit-history.unit-history';
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
 * written with one multi-row insert, inside whatever transaction the caller runs. A CSV import writes
 * its 'created' entries with its units (src/api/unit/lib/import-write.ts).
 */
const unitHistoryService = ({ strapi }: { strapi: Core.Strapi }) => ({
  async record(viewer: Viewer, entries: HistoryEntry[]) {
    if (entries.length === 0) return;
    await strapi.db.query(UID).createMany({ data: historyRows(entries, actorOf(viewer)) });
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
