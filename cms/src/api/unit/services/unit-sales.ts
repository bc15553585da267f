import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { deriveSaleDetails, initialSaleDetails, isOverdue, type SaleDetails } from '@repo/types';
import { fieldErrors } from '../../../utils/request';
import { fromSaleDetailsRow, toSaleDetailsRow } from '../../../utils/sale-details-row';
import type { Viewer } from '../../../utils/viewer';
import type { HistoryEntry } from '../../unit-history/services/unit-history';
import { UNIT_NOT_FOUND } from './unit';

const UID = 'api::unit.unit';
export const NOT_SOLD_MESSAGE = 'Sale details can be saved only for sold units';

export interface SoldUnitFilters {
  projectId?: number;
  /** Matches when the registration, handover or payment status equals it. */
  saleStatus?: string;
  archived: boolean;
  overdue?: boolean;
}

interface SoldRow {
  id: number;
  documentId: string;
  unitNumber: string;
  name: string | null;
  projectId: number;
  price: number | null;
  unitStatus: string;
  archived: boolean | null;
  updatedAt: string;
  saleDetails?: Record<string, unknown> | null;
}

const SELECT = ['id', 'documentId', 'unitNumber', 'name', 'projectId', 'price', 'unitStatus', 'archived', 'updatedAt'];

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
const unitSales = ({ strapi }: { strapi: Core.Strapi }) => {
  const history = () => strapi.service('api::unit-history.unit-history') as { record: (viewer: Viewer, entries: HistoryEntry[]) => Promise<void> };

  const loadUnit = async (id: number) =>
    (await strapi.db.query(UID).findOne({ where: { id }, select: SELECT, populate: { saleDetails: true } })) as SoldRow | null;

  return {
    /** Every sold unit matching the filters, not paged (the list is bounded by what has been sold). */
    async listSold(filters: SoldUnitFilters) {
      // Not archived includes a column never set (null): SQL's NOT (archived = true) is null there, and would hide the unit from both lists.
      const where: Record<string, unknown> = { unitStatus: 'sold', ...(filters.archived ? { archived: true } : { $or: [{ archived: false }, { archived: null }] }) };
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
        .map(({ saleDetails, unitStatus, documentId: _documentId, ...unit }) => {
          const details = fromSaleDetailsRow(saleDetails) ?? initialSaleDetails(unit.price);
          return { ...unit, status: unitStatus, archived: Boolean(unit.archived), projectName: projectNames.get(unit.projectId) ?? null, saleDetails: details, overdue: isOverdue(details) };
        })
        .filter((unit) => !filters.overdue || unit.overdue)
        .filter(
          (unit) =>
            !filters.saleStatus ||
            [unit.saleDetails.registrationStatus, unit.saleDetails.handoverStatus, unit.saleDetails.paymentStatus].includes(filters.saleStatus as never),
        );
    },

    /** Saves sale details; the server derives statuses and remaining amount whatever the client sent. */
    async saveSaleDetails(viewer: Viewer, id: number, input: Record<string, unknown>) {
      return strapi.db.transaction(async () => {
        const unit = await loadUnit(id);
        if (!unit) throw new errors.NotFoundError(UNIT_NOT_FOUND);
        if (unit.unitStatus !== 'sold') throw fieldErrors(NOT_SOLD_MESSAGE, [{ field: 'status', message: NOT_SOLD_MESSAGE }]);
        const existing = fromSaleDetailsRow(unit.saleDetails);
        const { value, errors: problems } = deriveSaleDetails(input, { price: unit.price, now: new Date(), existing: existing ?? undefined });
        if (problems.length > 0) throw fieldErrors(problems[0].message, problems);
        // Components are written by the Document Service (the query engine ignores them); for a type
        // without draft & publish it updates the row in place, so the unit keeps its id.
        await strapi.documents(UID).update({ documentId: unit.documentId, data: { saleDetails: toSaleDetailsRow(value) } as never });
        await history().record(viewer, [
          { unitId: id, projectId: unit.projectId, unitNumber: unit.unitNumber, action: 'sale-details-saved', before: summary(existing), after: summary(value) },
        ]);
        return value;
      });
    },

    /** Archives or unarchives a unit; asking for the state it already has changes nothing. */
    async setArchived(viewer: Viewer, id: number, archived: boolean) {
      return strapi.db.transaction(async () => {
        const unit = await loadUnit(id);
        if (!unit) throw new errors.NotFoundError(UNIT_NOT_FOUND);
        if (Boolean(unit.archived) === archived) return { id, archived, changed: false };
        // A conditional UPDATE claims the change: of two identical toggles at once, the second waits on
        // the row lock, then matches no row (PostgreSQL), so the change and its history happen once.
        const current = archived ? { $or: [{ archived: false }, { archived: null }] } : { archived: true };
        const { count } = (await strapi.db.query(UID).updateMany({ where: { id, ...current }, data: { archived } })) as { count: number };
        if (count === 0) return { id, archived, changed: false };
        await history().record(viewer, [
          { unitId: id, projectId: unit.projectId, unitNumber: unit.unitNumber, action: archived ? 'archived' : 'unarchived', before: { archived: !archived }, after: { archived } },
        ]);
        return { id, archived, changed: true };
      });
    },
  };
};

export type UnitSales = ReturnType<typeof unitSales>;
export default unitSales;
