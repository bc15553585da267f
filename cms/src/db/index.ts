/**
 * The data layer's whole interface: the only module that touches knex, the drivers and SQL text.
 * Everything else reads and writes through these functions or through Strapi's Document Service and
 * query engine (for what is not a hot path). The lint config refuses `strapi.db.connection`, `.raw(`
 * and driver imports outside this folder. Patches of knex and driver internals are installed from
 * one function here and listed in cms/PATCHES.md.
 */
import type { Knex } from 'knex';

export { withAdvisoryLock } from './advisory-lock';
export {
  bulkInsert,
  ENTRY_ATTRIBUTES,
  insertRows,
  insertTable,
  transactionInsertChunk,
  yieldToEventLoop,
  type InsertChunk,
  type InsertTable,
} from './bulk-insert';
export { documentIds } from './document-id';
export { insightsRows, type InsightsFilter, type InsightsRows } from './insights';
export { databaseReachable, isConnectionError, isUnstorableValueError } from './health';
export { widenMoneyColumns } from './money-columns';
export { checkpointAfterLargeWrite, installDatabasePatches, removeDatabasePatches } from './patches';
export { listenChannel, notifyChannel, NOTIFY_PAYLOAD_MAX, type ChannelListener } from './notify';
export { MAX_RECORD_ID, isRecordId, recordIdFrom } from './record-id';
export { changeAttribute, claimRevision, deleteWithComponents, distinctAttribute, lockRows, pluckAttribute, touchRows, updateRowIf } from './rows';
export { documentIdSql, documentIdTime, idListValue, inIdList, isPostgres, jsonObjectSql } from './sql-dialect';
export { projectReads, unitStatusCounts, type ProjectReads, type StatusCount } from './project-queries';
export { sessionUserQuery, type SessionUserModels, type SessionWithUser } from './session-queries';
export { insertStatusChanges } from './status-history';
export { ownWriteConnection, writeOnOwnConnection, type OwnConnection } from './sqlite-writer';
export { tableOf } from './tables';
export { unitListVersion, unitsByIds, type ListVersion } from './unit-queries';

/** The transaction `strapi.db.transaction` hands its callback (`trx`), for functions that run on it. */
export type DbTransaction = Knex.Transaction;
