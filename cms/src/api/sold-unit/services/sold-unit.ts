import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  deriveSaleDetails,
  initialSaleDetails,
  isOverdue,
  SOLD_UNIT_MESSAGES,
  UNIT_API_MESSAGES,
  type ArchiveResult,
  type SaleDetails,
  type SavedSaleDetails,
  type saveSaleDetailsInputSchema,
  type SoldUnit,
} from '@repo/types';
import type { z } from 'zod';
import { fromSaleDetailsRow, toSaleDetailsRow } from '../lib/sale-details-row';
import type { Viewer } from '../../../http/current-viewer';
import { portalService } from '../../../server/services';
import { conflict, fieldErrors } from '../../../http/errors';
import { announceUnits } from '../../live/lib/changes';

const UID = 'api::unit.unit';
export const NOT_SOLD_MESSAGE = SOLD_UNIT_MESSAGES.notSold;

export interface SoldUnitFilters {
  projectId?: number;
  /** Matches when the registration, handover or payment status equals it. */
  saleStatus?: string;
  archived: boolean;
  overdue?: boolean;
}

/** SoldUnit's fields that the unit's own row holds; the rest (status, project name, overdue, sale details) is worked out beside it. */
type SoldColumn = Exclude<keyof SoldUnit, 'status' | 'projectName' | 'overdue' | 'saleDetails'>;

/** A sold unit's row: rows from before a column existed hold null in archived and revision. */
type SoldRow = Omit<Pick<SoldUnit, SoldColumn>, 'archived' | 'revision'> & {
  documentId: string;
  unitStatus: string;
  archived: boolean | null;
  revision: number | null;
  saleDetails?: Record<string, unknown> | null;
};

/** One entry per column of SoldRow, so a field of SoldUnit missing here, or one here it lacks, fails the type check. */
const COLUMNS = {
  id: true,
  documentId: true,
  unitNumber: true,
  name: true,
  projectId: true,
  price: true,
  unitStatus: true,
  archived: true,
  updatedAt: true,
  revision: true,
} satisfies Record<keyof Omit<SoldRow, 'saleDetails'>, true>;
const SELECT = Object.keys(COLUMNS);

/** What the history keeps of a sale: the statuses and amounts, not the notes. */
const summary = (details: SaleDetails | null) =>
  details && {
    registrationStatus: details.registrationStatus,
    handoverStatus: details.handoverStatus,
    paymentStatus: details.paymentStatus,
    totalAmount: details.totalAmount,
    paidAmount: details.paidAmount,
    remainingAmount: details.remainingAmount,
  };

/** Sold units and their sale details (spec §2 Sold Units Management, §4 Sale details): admin-only. */
const soldUnitService = ({ strapi }: { strapi: Core.Strapi }) => {
  const history = () => portalService(strapi, 'api::unit-history.unit-history');

  const loadUnit = async (id: number) =>
    (await strapi.db.query(UID).findOne({ where: { id }, select: SELECT, populate: { saleDetails: true } })) as SoldRow | null;

  return {
    /** Every sold unit matching the filters, not paged (the list is bounded by what has been sold). */
    async listSold(filters: SoldUnitFilters) {
      // Not archived includes a column never set (null): SQL's NOT (archived = true) is null there, and would hide the unit from both lists.
      const where: Record<string, unknown> = {
        unitStatus: 'sold',
        ...(filters.archived ? { archived: true } : { $or: [{ archived: false }, { archived: null }] }),
      };
      if (filters.projectId) where.projectId = filters.projectId;
      const rows = (await strapi.db.query(UID).findMany({
        where,
        select: SELECT,
        populate: { saleDetails: true },
        orderBy: [{ projectId: 'asc' }, { unitNumber: 'asc' }],
      })) as SoldRow[];
      const projects = (await strapi.db.query('api::project.project').findMany({ select: ['id', 'name'] })) as { id: number; name: string }[];
      const projectNames = new Map(projects.map((project) => [project.id, project.name]));
      return rows
        .map(({ saleDetails, unitStatus: _status, documentId: _documentId, ...unit }): SoldUnit => {
          const details = fromSaleDetailsRow(saleDetails) ?? initialSaleDetails(unit.price);
          return {
            ...unit,
            status: 'sold',
            archived: Boolean(unit.archived),
            // A unit from before units had a revision holds null, and reads as 1 (the column's default).
            revision: unit.revision ?? 1,
            projectName: projectNames.get(unit.projectId) ?? null,
            saleDetails: details,
            overdue: isOverdue(details),
          };
        })
        .filter((unit) => !filters.overdue || unit.overdue)
        .filter(
          (unit) =>
            !filters.saleStatus ||
            [unit.saleDetails.registrationStatus, unit.saleDetails.handoverStatus, unit.saleDetails.paymentStatus].includes(filters.saleStatus as never),
        );
    },

    /**
     * Saves sale details; the server derives statuses and remaining amount whatever the client sent.
     * The sale details are part of their unit, so the save claims the unit's revision: a save from an
     * older revision (another save, or any edit of the unit since the form was read) gets 409 and
     * writes nothing. One conditional UPDATE claims it: of two saves from the same revision, the
     * second waits on the row's lock (PostgreSQL) or on the one writer (SQLite), then matches no row.
     */
    async saveSaleDetails(viewer: Viewer, id: number, { revision, ...input }: z.output<typeof saveSaleDetailsInputSchema>): Promise<SavedSaleDetails> {
      return strapi.db.transaction(async () => {
        const unit = await loadUnit(id);
        if (!unit) throw new errors.NotFoundError(UNIT_API_MESSAGES.notFound);
        const current = revision === 1 ? { $or: [{ revision: 1 }, { revision: null }] } : { revision };
        const { count } = (await strapi.db.query(UID).updateMany({ where: { id, ...current }, data: { revision: revision + 1 } })) as { count: number };
        if (count === 0) throw conflict(SOLD_UNIT_MESSAGES.stale);
        if (unit.unitStatus !== 'sold') throw fieldErrors(NOT_SOLD_MESSAGE, [{ field: 'status', message: NOT_SOLD_MESSAGE }]);
        const existing = fromSaleDetailsRow(unit.saleDetails);
        const { value, errors: problems } = deriveSaleDetails(input, { price: unit.price, now: new Date(), existing: existing ?? undefined });
        if (problems.length > 0) throw fieldErrors(problems[0].message, problems);
        // Components are written by the Document Service (the query engine ignores them); for a type
        // without draft & publish it updates the row in place, so the unit keeps its id.
        await strapi.documents(UID).update({ documentId: unit.documentId, data: { saleDetails: toSaleDetailsRow(value) } as never });
        await history().record(viewer, [
          {
            unitId: id,
            projectId: unit.projectId,
            unitNumber: unit.unitNumber,
            action: 'sale-details-saved',
            before: summary(existing),
            after: summary(value),
          },
        ]);
        // Sale details are the admins' alone: agents hear nothing of them.
        await announceUnits(strapi, [id], { adminOnly: true });
        return { ...value, revision: revision + 1 };
      });
    },

    /** Archives or unarchives a unit; asking for the state it already has changes nothing. */
    async setArchived(viewer: Viewer, id: number, archived: boolean): Promise<ArchiveResult> {
      return strapi.db.transaction(async () => {
        const unit = await loadUnit(id);
        if (!unit) throw new errors.NotFoundError(UNIT_API_MESSAGES.notFound);
        if (Boolean(unit.archived) === archived) return { id, archived, changed: false };
        // A conditional UPDATE claims the change: of two identical toggles at once, the second waits on
        // the row lock, then matches no row (PostgreSQL), so the change and its history happen once.
        const current = archived ? { $or: [{ archived: false }, { archived: null }] } : { archived: true };
        const { count } = (await strapi.db.query(UID).updateMany({ where: { id, ...current }, data: { archived } })) as { count: number };
        if (count === 0) return { id, archived, changed: false };
        await history().record(viewer, [
          {
            unitId: id,
            projectId: unit.projectId,
            unitNumber: unit.unitNumber,
            action: archived ? 'archived' : 'unarchived',
            before: { archived: !archived },
            after: { archived },
          },
        ]);
        await announceUnits(strapi, [id], { adminOnly: true });
        return { id, archived, changed: true };
      });
    },
  };
};

export type SoldUnitService = ReturnType<typeof soldUnitService>;
export default soldUnitService;
