import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { CSV_MESSAGES, toCsvUnitRow, importRefusalMessage, importResultMessage, PROJECT_MESSAGES, type CsvUnitRow, type ImportResult } from '@repo/types';
import { conflict } from '../../../http/errors';
import type { Viewer } from '../../../http/current-viewer';
import type { ProjectRow } from '../../notification/services/notification';
import { portalService } from '../../../server/services';
import { checkpointAfterLargeWrite, insertTable, ownWriteConnection, pluckAttribute, transactionInsertChunk, type DbTransaction } from '../../../db';
import { actorOf } from '../../unit-history/lib/history-rows';
import { checkCsvInWorker, writeUnitsInWorker } from '../lib/csv-pool';
import type { CsvCheckSummary } from '../lib/csv-worker';
import { importedUnits, writeImportedUnits, type ImportWrite } from '../lib/import-write';
import { announce, announceUnits } from '../../live/lib/changes';

/** An import of more units than this sends its viewers one `resync` instead of an event per unit. */
const LIVE_IMPORT_UNITS = 200;
const UID = 'api::unit.unit';
const HISTORY_UID = 'api::unit-history.unit-history';

export interface ImportOptions {
  /** Import the valid rows and report the others, instead of refusing the whole file. */
  skipInvalid: boolean;
  /** After the commit, e-mail the project's agents one summary. */
  notifyAgents: boolean;
}

const unitNumbers = (values: unknown[]) => values.map(String);

const sameNumbers = (now: string[], before: string[]) => {
  if (now.length !== before.length) return false;
  const earlier = new Set(before);
  return now.every((number) => earlier.has(number));
};

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

/**
 * Writes the units inside the transaction `trx` and answers their ids. On a SQLite file in WAL mode in
 * the import's worker thread, on a connection of its own (csv-worker.ts writeUnits), while `trx`, which
 * has only read, holds knex's one connection so that this server's other writes wait for the import as
 * they would for any transaction; elsewhere on `trx` itself.
 */
const writeImport = async (trx: DbTransaction, write: ImportWrite): Promise<number[]> => {
  const target = await ownWriteConnection(trx);
  if (!target) return writeImportedUnits(transactionInsertChunk(trx), write);
  const outcome = await writeUnitsInWorker({ target, write });
  if (outcome.kind === 'written') return outcome.ids;
  throw Object.assign(new Error(outcome.message), { code: outcome.code });
};

const unitImport = ({ strapi }: { strapi: Core.Strapi }) => {
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
     * 'created' history are written in ONE transaction (writeImport): on SQLite in the worker thread too;
     * on PostgreSQL UNIT_BATCH (25) units and their entries at a time, with the event loop let through
     * in between. A failure anywhere leaves nothing behind. Invalid rows refuse the whole file unless
     * skipInvalid.
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
          const ids = await writeImport(trx, {
            projectId,
            visibleTo: project.visibleTo ?? [],
            actor: actorOf(viewer),
            unitBatches: checked.unitBatches,
            units: insertTable(strapi, UID),
            history: insertTable(strapi, HISTORY_UID),
          });
          // A large file reaches the open screens as one resync, a small one unit by unit (after the commit).
          if (ids.length > LIVE_IMPORT_UNITS) await announce(strapi, { kind: 'resync', projectId });
          else await announceUnits(strapi, ids);
          return { project, checked, ids };
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
      const { project, checked, ids } = written;
      // SQLite: the import's pages copied from the write-ahead log into the file now, in a worker thread.
      void checkpointAfterLargeWrite(strapi);
      if (options.notifyAgents && ids.length > 0) {
        notifications().sendImportSummary(
          project,
          // The status decides who may hear of the unit (spec §6: agents never of unavailable or occupied ones).
          (await importedUnits(checked.unitBatches, ids)).map(({ id, unit }) => ({
            id,
            unitNumber: unit.unitNumber,
            name: unit.name ?? unit.unitNumber,
            price: unit.price ?? null,
            unitStatus: unit.status ?? 'available',
          })),
        );
      }
      return {
        imported: ids.length,
        failed: checked.failedRows,
        problems: checked.problems,
        problemCount: checked.problemCount,
        message: importResultMessage(ids.length, checked.failedRows),
      };
    },
  };
};

export type UnitImport = ReturnType<typeof unitImport>;
export default unitImport;
