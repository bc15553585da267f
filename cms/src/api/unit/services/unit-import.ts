import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  CSV_MESSAGES,
  toCsvUnitRow,
  importRefusalMessage,
  importResultMessage,
  PROJECT_MESSAGES,
  type CsvUnitRow,
  type ImportResult,
  type ImportUnit,
} from '@repo/types';
import { conflict } from '../../../http/errors';
import type { Viewer } from '../../../http/current-viewer';
import type { ProjectRow } from '../../notification/services/notification';
import { portalService } from '../../../server/services';
import { bulkInsert, checkpointAfterLargeWrite, pluckAttribute, yieldToEventLoop } from '../../../db';
import { checkCsvInWorker, unitBatch } from '../lib/csv-pool';
import type { CsvCheckSummary } from '../lib/csv-worker';
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

const unitNumbers = (values: unknown[]) => values.map(String);

const sameNumbers = (now: string[], before: string[]) => {
  if (now.length !== before.length) return false;
  const earlier = new Set(before);
  return now.every((number) => earlier.has(number));
};

interface CreatedUnit {
  id: number;
  unit: ImportUnit;
}

/** The whole file refused: the message of spec §5, every listed problem (the worker lists at most IMPORT_PROBLEMS_LISTED) with its spreadsheet row. */
const refusal = (checked: CsvCheckSummary) =>
  new errors.ValidationError(importRefusalMessage(checked), {
    failed: checked.failedRows,
    problemCount: checked.problemCount,
    problems: checked.problems,
    errors: checked.problems.map((problem) => ({ path: [String(problem.row), problem.field], message: `Row ${problem.row}: ${problem.message}` })),
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
    strapi.db
      .query('api::project.project')
      .findOne({ where: { id }, select: ['id', 'name', 'location', 'description', 'visibleTo'] }) as Promise<ProjectRow | null>;

  return {
    /** Checked before the upload is read, so an unknown project answers 404 at once. */
    async assertProject(id: number) {
      if (!(await findProject(id))) throw new errors.NotFoundError(PROJECT_MESSAGES.notFound);
    },

    /**
     * The export's rows (spec §2 Import/Export): every unit of the project, archived ones included,
     * with exactly the columns an import reads, so that re-importing an export gives the same units.
     */
    async exportRows(projectId: number): Promise<CsvUnitRow[]> {
      if (!(await findProject(projectId))) throw new errors.NotFoundError(PROJECT_MESSAGES.notFound);
      const units = (await strapi.db.query(UID).findMany({
        where: { projectId },
        select: ['unitNumber', 'unitType', 'floor', 'price', 'area', 'bedrooms', 'bathrooms', 'view', 'description', 'unitStatus', 'features'],
        orderBy: { id: 'asc' },
      })) as Array<Record<string, unknown> & { unitStatus: string }>;
      return units.map(({ unitStatus, ...unit }) => toCsvUnitRow({ ...unit, status: unitStatus }));
    },

    /**
     * Imports the uploaded CSV file at `filepath`. It is parsed and checked in a worker thread against
     * the project's unit numbers (checkCsvInWorker), off the event loop; then the units and their
     * 'created' history are written in ONE transaction, UNIT_BATCH (25) units and their entries at a time with
     * the event loop let through in between (on SQLite each statement runs synchronously on it): a
     * failure anywhere leaves nothing behind. Invalid rows refuse the whole file unless skipInvalid.
     */
    async importFile(viewer: Viewer, projectId: number, filepath: string, options: ImportOptions): Promise<ImportResult> {
      const check = async (existing: string[]) => {
        const outcome = await checkCsvInWorker({ filepath, existingUnitNumbers: existing });
        if (outcome.kind === 'refused') throw new errors.ValidationError(outcome.message, outcome.details);
        if (outcome.kind === 'empty') throw new errors.ValidationError(CSV_MESSAGES.noRows);
        if (outcome.failedRows > 0 && !options.skipInvalid) throw refusal(outcome);
        return outcome;
      };
      // Checked against the unit numbers committed now, outside the transaction, so that the write
      // transaction (on SQLite, the one writer) is not held while the worker parses.
      const existingBefore = unitNumbers(await pluckAttribute(strapi, null, UID, { projectId }, 'unitNumber'));
      const checkedBefore = await check(existingBefore);
      const written = await strapi.db
        .transaction(async ({ trx }) => {
          const project = await findProject(projectId);
          if (!project) throw new errors.NotFoundError(PROJECT_MESSAGES.notFound);
          // Another write changed the project's units meanwhile: checked again against them, inside
          // the transaction, so that a row now taken is reported as it would have been.
          const existing = unitNumbers(await pluckAttribute(strapi, trx, UID, { projectId }, 'unitNumber'));
          const checked = sameNumbers(existing, existingBefore) ? checkedBefore : await check(existing);
          const visibleTo = project.visibleTo ?? [];
          const created: CreatedUnit[] = [];
          for (const batch of checked.unitBatches) {
            await yieldToEventLoop();
            const units = unitBatch(batch);
            const rows = (await bulkInsert(
              strapi,
              trx,
              UID,
              units.map((unit) => toUnitRow(unit, projectId, visibleTo)),
              ['id', 'unitNumber'],
            )) as { id: number; unitNumber: string }[];
            const byNumber = new Map(units.map((unit) => [unit.unitNumber, unit]));
            const batchCreated = rows.map(({ id, unitNumber }) => ({ id, unit: byNumber.get(unitNumber) as ImportUnit }));
            await yieldToEventLoop();
            await history().recordMany(
              viewer,
              batchCreated.map(({ id, unit }) => ({
                unitId: id,
                projectId,
                unitNumber: unit.unitNumber,
                action: 'created' as const,
                after: { status: unit.status ?? 'available', price: unit.price ?? null },
              })),
              trx,
            );
            created.push(...batchCreated);
          }
          // A large file reaches the open screens as one resync, a small one unit by unit (after the commit).
          if (created.length > LIVE_IMPORT_UNITS) await announce(strapi, { kind: 'resync', projectId });
          else
            await announceUnits(
              strapi,
              created.map(({ id }) => id),
            );
          return { project, checked, created };
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw conflict('Some of these unit numbers were added to the project meanwhile. Import the file again.');
          if (!isDatabaseError(error)) throw error;
          // knex puts the whole multi-row statement (hundreds of rows) in its message; the log needs the reason only.
          throw new Error(
            `CSV import of project ${projectId} rolled back: ${String((error as Error).message)
              .split(' - ')
              .pop()}`,
            { cause: error },
          );
        });
      const { project, checked, created } = written;
      // SQLite: the import's pages copied from the write-ahead log into the file now, in a worker thread.
      void checkpointAfterLargeWrite(strapi);
      if (options.notifyAgents && created.length > 0) {
        notifications().sendImportSummary(
          project,
          // The status decides who may hear of the unit (spec §6: agents never of unavailable or occupied ones).
          created.map(({ id, unit }) => ({
            id,
            unitNumber: unit.unitNumber,
            name: unit.name ?? unit.unitNumber,
            price: unit.price ?? null,
            unitStatus: unit.status ?? 'available',
          })),
        );
      }
      return {
        imported: created.length,
        failed: checked.failedRows,
        problems: checked.problems,
        problemCount: checked.problemCount,
        message: importResultMessage(created.length, checked.failedRows),
      };
    },
  };
};

export type UnitImport = ReturnType<typeof unitImport>;
export default unitImport;
