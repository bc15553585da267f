import v8 from 'node:v8';
import type { ImportUnit } from '@repo/types';
import { insertRows, yieldToEventLoop, type InsertChunk, type InsertTable } from '../../../db';
import { waitWhileServing } from '../../../server/requests-in-flight';
import { historyRows, type HistoryActor } from '../../unit-history/lib/history-rows';

/**
 * What a checked import writes: its units, UNIT_BATCH at a time (csv-worker.ts), each batch with its
 * 'created' history entries. Plain data, so that the writing can run in a worker thread on SQLite
 * (csv-worker.ts writeUnits) as well as on knex's transaction.
 */
export interface ImportWrite {
  projectId: number;
  /** The project's regions: every new unit starts visible to them. */
  visibleTo: string[];
  actor: HistoryActor;
  /** The checked units, each batch v8-serialised (CsvCheckSummary). */
  unitBatches: Uint8Array[];
  units: InsertTable;
  history: InsertTable;
}

/** One of a checked file's unitBatches back as units. */
const unitBatch = (batch: Uint8Array): ImportUnit[] => v8.deserialize(batch) as ImportUnit[];

/** Every column of a new unit, the same keys for every row (one multi-row INSERT per batch). */
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

/**
 * Between two statements of an import: the event loop is let through (on knex's connection each
 * statement runs on it) and, in the import's worker thread, the write waits while the server answers
 * a request (waitWhileServing; on the main thread it returns at once).
 */
const betweenStatements = async () => {
  waitWhileServing();
  await yieldToEventLoop();
};

/**
 * Writes the units and their history with `insert`, inside the caller's transaction, and answers the
 * new units' ids in the order of the units in the batches, pausing between statements
 * (betweenStatements).
 */
export async function writeImportedUnits(insert: InsertChunk, write: ImportWrite): Promise<number[]> {
  const { projectId, visibleTo, actor } = write;
  const ids: number[] = [];
  for (const batch of write.unitBatches) {
    await betweenStatements();
    const units = unitBatch(batch);
    const rows = (await insertRows(
      insert,
      write.units,
      units.map((unit) => toUnitRow(unit, projectId, visibleTo)),
      ['id', 'unitNumber'],
    )) as { id: number; unitNumber: string }[];
    const idOf = new Map(rows.map(({ id, unitNumber }) => [unitNumber, id]));
    const entries = units.map((unit) => ({
      unitId: idOf.get(unit.unitNumber) as number,
      projectId,
      unitNumber: unit.unitNumber,
      action: 'created' as const,
      after: { status: unit.status ?? 'available', price: unit.price ?? null },
    }));
    await betweenStatements();
    await insertRows(insert, write.history, historyRows(entries, actor));
    for (const entry of entries) ids.push(entry.unitId);
  }
  return ids;
}

/** The imported units with their new ids (the agents' summary), deserialised a batch at a time between other requests. */
export async function importedUnits(unitBatches: readonly Uint8Array[], ids: readonly number[]): Promise<Array<{ id: number; unit: ImportUnit }>> {
  const imported: Array<{ id: number; unit: ImportUnit }> = [];
  for (const batch of unitBatches) {
    await yieldToEventLoop();
    for (const unit of unitBatch(batch)) imported.push({ id: ids[imported.length], unit });
  }
  return imported;
}
