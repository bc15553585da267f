import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  IMPORT_PROBLEMS_LISTED,
  toCsvUnitRow,
  importRefusalMessage,
  importResultMessage,
  validateImportRows,
  type CsvProblem,
  type CsvUnitRow,
  type ImportResult,
  type ImportUnit,
  type ImportValidation,
} from '@repo/types';
import { conflict } from '../../../http/errors';
import type { Viewer } from '../../../http/current-viewer';
import type { ProjectRow } from '../../notification/services/notification';
import { portalService } from '../../../server/services';
import { PROJECT_NOT_FOUND } from '../../project/messages';
import { bulkInsert, pluckAttribute } from '../../../db';
import { announce, announceUnits } from '../../live/lib/changes';


/** An import of more units than this sends its viewers one `resync` instead of an event per unit. */
const LIVE_IMPORT_UNITS = 200;
const UID = 'api::unit.unit';

export interface ImportOptions {
  /** Import the valid rows and report the others, instead of refusing the whole file. */
  skipInvalid: boolean;
  /** After the commit, e-mail the project's agents one summary. */
  notifyAgents: boolean;
}


/** Every column of a new unit, the same keys for every row (one multi-row INSERT per chunk). */
const toUnitRow = (unit: ImportUnit, projectId: number, visibleTo: string[]) => ({
  projectId,
  unitNumber: unit.unitNumber,
  name: unit.name ?? unit.unitNumber,
  unitType: unit.unitType ?? null,
  floor: unit.floor ?? null,
  price: unit.price ?? null,
  area: unit.area ?? null,
  size: null,
  bedrooms: unit.bedrooms ?? null,
  bathrooms: unit.bathrooms ?? null,
  view: unit.view ?? null,
  description: unit.description ?? null,
  features: unit.features ?? null,
  unitStatus: unit.status ?? 'available',
  available: true,
  archived: false,
  visibleTo,
  isImageSource: false,
  isSourceUnit: false,
  sharedImagesUnitId: null,
  useSharedImages: false,
  revision: 1,
});

const listed = (problems: CsvProblem[]) => problems.slice(0, IMPORT_PROBLEMS_LISTED);

/** The whole file refused: the message of spec §5, every listed problem with its spreadsheet row. */
const refusal = (validation: ImportValidation) =>
  new errors.ValidationError(importRefusalMessage(validation), {
    failed: validation.failedRows,
    problemCount: validation.problems.length,
    problems: listed(validation.problems),
    errors: listed(validation.problems).map((problem) => ({ path: [String(problem.row), problem.field], message: `Row ${problem.row}: ${problem.message}` })),
  });

// A unit number taken by a concurrent write between our check and our insert (the unique index on
// project and unit number): a conflict to retry, not a server error.
const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

/** A driver error (SQLite or PostgreSQL): it carries a code and is not one of Strapi's HTTP errors. */
const isDatabaseError = (error: unknown) =>
  error instanceof Error && typeof (error as { code?: unknown }).code === 'string' && !('status' in error) && !('details' in error);

const unitImport = ({ strapi }: { strapi: Core.Strapi }) => {
  const history = () => portalService(strapi, 'api::unit-history.unit-history');
  const notifications = () => portalService(strapi, 'api::notification.notification');
  const findProject = (id: number) =>
    strapi.db.query('api::project.project').findOne({ where: { id }, select: ['id', 'name', 'location', 'description', 'visibleTo'] }) as Promise<ProjectRow | null>;

  return {
    /** Checked before the upload is read, so an unknown project answers 404 at once. */
    async assertProject(id: number) {
      if (!(await findProject(id))) throw new errors.NotFoundError(PROJECT_NOT_FOUND);
    },

    /**
     * The export's rows (spec §2 Import/Export): every unit of the project, archived ones included,
     * with exactly the columns an import reads, so that re-importing an export gives the same units.
     */
    async exportRows(projectId: number): Promise<CsvUnitRow[]> {
      if (!(await findProject(projectId))) throw new errors.NotFoundError(PROJECT_NOT_FOUND);
      const units = (await strapi.db.query(UID).findMany({
        where: { projectId },
        select: ['unitNumber', 'unitType', 'floor', 'price', 'area', 'bedrooms', 'bathrooms', 'view', 'description', 'unitStatus', 'features'],
        orderBy: { id: 'asc' },
      })) as Array<Record<string, unknown> & { unitStatus: string }>;
      return units.map(({ unitStatus, ...unit }) => toCsvUnitRow({ ...unit, status: unitStatus }));
    },

    /**
     * Validates the parsed rows against the project's unit numbers and writes the units and their
     * 'created' history in ONE transaction, with chunked multi-row INSERTs: a failure anywhere leaves
     * nothing behind. Invalid rows refuse the whole file unless skipInvalid.
     */
    async importRows(viewer: Viewer, projectId: number, rows: Record<string, unknown>[], options: ImportOptions): Promise<ImportResult> {
      const outcome = await strapi.db
        .transaction(async ({ trx }) => {
          const project = await findProject(projectId);
          if (!project) throw new errors.NotFoundError(PROJECT_NOT_FOUND);
          const existing = await pluckAttribute(strapi, trx, UID, { projectId }, 'unitNumber');
          const validation = validateImportRows(rows, existing.map(String));
          if (validation.failedRows > 0 && !options.skipInvalid) throw refusal(validation);
          const visibleTo = project.visibleTo ?? [];
          const created = (await bulkInsert(strapi, trx, UID, validation.units.map((unit) => toUnitRow(unit, projectId, visibleTo)), ['id', 'unitNumber'])) as {
            id: number;
            unitNumber: string;
          }[];
          const byNumber = new Map(validation.units.map((unit) => [unit.unitNumber, unit]));
          const entries = created.map(({ id, unitNumber }) => {
            const unit = byNumber.get(unitNumber) as ImportUnit;
            return { unitId: id, projectId, unitNumber, action: 'created' as const, after: { status: unit.status ?? 'available', price: unit.price ?? null } };
          });
          await history().recordMany(viewer, entries, trx);
          // A large file reaches the open screens as one resync, a small one unit by unit.
          if (created.length > LIVE_IMPORT_UNITS) await announce(strapi, { kind: 'resync', projectId });
          else await announceUnits(strapi, created.map((unit) => unit.id));
          return { project, validation, created, byNumber };
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw conflict('Some of these unit numbers were added to the project meanwhile. Import the file again.');
          if (!isDatabaseError(error)) throw error;
          // knex puts the whole multi-row statement (hundreds of rows) in its message; the log needs the reason only.
          throw new Error(`CSV import of project ${projectId} rolled back: ${String((error as Error).message).split(' - ').pop()}`, { cause: error });
        });
      const { project, validation, created, byNumber } = outcome;
      if (options.notifyAgents && created.length > 0) {
        notifications().sendImportSummary(
          project,
          created.map(({ id, unitNumber }) => {
            const row = byNumber.get(unitNumber);
            // The status decides who may hear of the unit (spec §6: agents never of unavailable or occupied ones).
            return { id, unitNumber, name: row?.name ?? unitNumber, price: row?.price ?? null, unitStatus: row?.status ?? 'available' };
          }),
        );
      }
      return {
        imported: created.length,
        failed: validation.failedRows,
        problems: listed(validation.problems),
        problemCount: validation.problems.length,
        message: importResultMessage(created.length, validation.failedRows),
      };
    },
  };
};

export type UnitImport = ReturnType<typeof unitImport>;
export default unitImport;
