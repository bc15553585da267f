import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { PROJECT_MESSAGES, UNIT_API_MESSAGES, type UnitStatus, type UnitWritable } from '@repo/types';
import { conflict } from '../../../http/errors';
import { removeStoredFiles } from '../../unit-image/lib/images';
import { changeAttribute, claimRevision, deleteWithComponents, distinctAttribute, lockRows, type DbTransaction } from '../../../db';
import { unitImagesData } from '../../unit-image/lib/unit-images';
import type { Viewer } from '../../../http/current-viewer';
import type { HistoryEntry } from '../../unit-history/services/unit-history';
import { portalService } from '../../../server/services';
import { announce, announceRemoved, announceUnits, RESYNC_THRESHOLD } from '../../live/lib/changes';

const UID = 'api::unit.unit';

interface UnitRow {
  id: number;
  projectId: number;
  unitNumber: string;
  unitStatus: UnitStatus;
  price: number | null;
  revision: number | null;
}

const toRow = ({ status, ...rest }: Partial<UnitWritable>) => (status === undefined ? rest : { ...rest, unitStatus: status });

const unitWrites = ({ strapi }: { strapi: Core.Strapi }) => {
  const history = () => portalService(strapi, 'api::unit-history.unit-history');
  const notifications = () => portalService(strapi, 'api::notification.notification');

  const changesOf = (before: UnitRow, after: { unitStatus?: UnitStatus; price?: number | null }): HistoryEntry[] => {
    const base = { unitId: before.id, projectId: before.projectId, unitNumber: before.unitNumber };
    const entries: HistoryEntry[] = [];
    if (after.unitStatus !== undefined && after.unitStatus !== before.unitStatus) {
      entries.push({ ...base, action: 'status-changed', before: { status: before.unitStatus }, after: { status: after.unitStatus } });
    }
    if (after.price !== undefined && Number(after.price ?? NaN) !== Number(before.price ?? NaN)) {
      entries.push({ ...base, action: 'price-changed', before: { price: before.price }, after: { price: after.price } });
    }
    return entries;
  };

  const findRows = (ids: number[]) =>
    strapi.db.query(UID).findMany({
      where: { id: { $in: ids } },
      select: ['id', 'projectId', 'unitNumber', 'unitStatus', 'price', 'revision'],
    }) as Promise<UnitRow[]>;

  /** Units changed by one write: their events, or one resync per project when there are very many. */
  const announceChanged = async (ids: number[], trx: DbTransaction) => {
    if (ids.length <= RESYNC_THRESHOLD) return announceUnits(strapi, ids);
    for (const projectId of await distinctAttribute(strapi, trx, UID, ids, 'projectId'))
      await announce(strapi, { kind: 'resync', projectId: Number(projectId) });
  };

  return {
    /**
     * One or a batch of units (spec: batch 1–50), all or nothing, with a 'created' history entry each.
     * With notifyAgents (spec §7: create optionally e-mails agents) the e-mail goes out after the
     * commit, in the background: it never delays or fails the creation.
     */
    async createUnits(viewer: Viewer, projectId: number, values: Partial<UnitWritable>[], options: { notifyAgents?: boolean } = {}) {
      return strapi.db.transaction(async ({ onCommit }) => {
        const project = (await strapi.db.query('api::project.project').findOne({ where: { id: projectId }, select: ['id', 'name', 'visibleTo'] })) as {
          id: number;
          name: string;
          visibleTo: string[] | null;
        } | null;
        if (!project) throw new errors.NotFoundError(PROJECT_MESSAGES.notFound);
        const numbers = values.map((value) => value.unitNumber as string);
        const repeated = numbers.filter((number, index) => numbers.indexOf(number) !== index);
        const taken = (await strapi.db.query(UID).findMany({ where: { projectId, unitNumber: { $in: numbers } }, select: ['unitNumber'] })) as {
          unitNumber: string;
        }[];
        const clashes = [...new Set([...repeated, ...taken.map((unit) => unit.unitNumber)])];
        if (clashes.length > 0) throw conflict(`Unit ${clashes.join(', ')} already exists in project ${project.name}`);
        await strapi.db.query(UID).createMany({
          data: values.map((value) => ({ ...toRow(value), projectId, visibleTo: project.visibleTo ?? [], revision: 1 })),
        });
        const created = (await strapi.db.query(UID).findMany({
          where: { projectId, unitNumber: { $in: numbers } },
          select: ['id', 'projectId', 'unitNumber', 'unitStatus', 'price', 'revision'],
        })) as UnitRow[];
        await history().record(
          viewer,
          created.map((unit) => ({
            unitId: unit.id,
            projectId,
            unitNumber: unit.unitNumber,
            action: 'created' as const,
            after: { status: unit.unitStatus, price: unit.price },
          })),
        );
        const ids = created.map((unit) => unit.id);
        await announceUnits(strapi, ids);
        if (options.notifyAgents) onCommit(() => notifications().notifyNewUnits(projectId, ids));
        return ids;
      });
    },

    /** A partial edit (spec §5 unit edit). Sending the revision read earlier turns on the stale-write check. */
    async updateUnit(viewer: Viewer, id: number, input: Partial<UnitWritable> & { revision?: number }) {
      const { revision, ...value } = input;
      return strapi.db.transaction(async ({ trx }) => {
        const [before] = await findRows([id]);
        if (!before) throw new errors.NotFoundError(UNIT_API_MESSAGES.notFound);
        if (value.unitNumber && value.unitNumber !== before.unitNumber) {
          const clash = await strapi.db.query(UID).findOne({ where: { projectId: before.projectId, unitNumber: value.unitNumber }, select: ['id'] });
          if (clash) throw conflict(`Unit ${value.unitNumber} already exists in this project`);
        }
        // Claim the next revision atomically: a concurrent save from the same revision waits on this
        // row's lock, then finds the revision moved and gets the 409.
        if (!(await claimRevision(strapi, trx, UID, id, revision))) throw conflict(UNIT_API_MESSAGES.stale);
        const data = toRow(value);
        if (Object.keys(data).length > 0) await strapi.db.query(UID).update({ where: { id }, data });
        await history().record(viewer, changesOf(before, data));
        await announceUnits(strapi, [id]);
        return id;
      });
    },

    /**
     * Deletes units (one or many); ids that no longer exist are skipped, so a repeated call is harmless.
     * Their stored image files go too (spec §7), except those another unit still holds a copy of; the
     * files are deleted after the commit, so a rollback never loses a file. A caller that runs this
     * inside its own transaction passes `releasedFiles` and deletes them after its own commit.
     */
    async deleteUnits(viewer: Viewer, ids: number[], options: { mustExist?: boolean; releasedFiles?: string[] } = {}) {
      const { result, released } = await strapi.db.transaction(async ({ trx }) => {
        await lockRows(strapi, trx, UID, ids);
        const rows = await findRows(ids);
        if (options.mustExist && rows.length === 0) throw new errors.NotFoundError(UNIT_API_MESSAGES.notFound);
        if (rows.length === 0) return { result: { deleted: 0, projectIds: [] as number[] }, released: [] as string[] };
        await history().record(
          viewer,
          rows.map((unit) => ({
            unitId: unit.id,
            projectId: unit.projectId,
            unitNumber: unit.unitNumber,
            action: 'deleted' as const,
            before: { status: unit.unitStatus, price: unit.price },
          })),
        );
        const deletedIds = rows.map((unit) => unit.id);
        const images = unitImagesData(strapi);
        const keys = (await images.load({ id: { $in: deletedIds } })).flatMap((unit) => unit.images.map((image) => image.path));
        await deleteWithComponents(strapi, trx, UID, deletedIds, ['images', 'saleDetails']);
        // Followers of a deleted source keep the copies they show and become independent units.
        const followers = (await strapi.db.query(UID).findMany({ where: { sharedImagesUnitId: { $in: deletedIds } }, select: ['id'] })) as { id: number }[];
        await strapi.db.query(UID).updateMany({
          where: { sharedImagesUnitId: { $in: deletedIds } },
          data: { sharedImagesUnitId: null, useSharedImages: false },
        });
        const result = { deleted: rows.length, projectIds: [...new Set(rows.map((unit) => unit.projectId))] };
        await announceRemoved(strapi, rows);
        // Their open pages hear that they follow no one any more.
        await announceUnits(
          strapi,
          followers.map((unit) => unit.id),
        );
        return { result, released: await images.releasedKeys(keys) };
      });
      if (options.releasedFiles) options.releasedFiles.push(...released);
      else await removeStoredFiles(strapi, released);
      return result;
    },

    /**
     * Spec §7: bulk status change writes status and updatedAt to each unit. Units already in that
     * status are left alone (and counted as unchanged, with ids that no longer exist). Two set-based
     * statements in one transaction, no unit row passing through Node: the history entries, written
     * by the database from the units' rows, then the UPDATE of the same rows. On PostgreSQL the rows
     * are locked first, so both statements see the same units in the same status.
     */
    async bulkStatus(viewer: Viewer, ids: number[], status: UnitStatus) {
      return strapi.db.transaction(async ({ trx }) => {
        await lockRows(strapi, trx, UID, ids);
        await history().recordStatusChanges(viewer, ids, status, trx);
        const updated = await changeAttribute(strapi, trx, UID, ids, 'unitStatus', status);
        if (updated > 0) await announceChanged(ids, trx);
        return { status, updated, unchanged: ids.length - updated };
      });
    },
  };
};

export type UnitWrites = ReturnType<typeof unitWrites>;

export default unitWrites;
