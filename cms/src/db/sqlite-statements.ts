/**
 * A prepared-statement cache for the SQLite connection. knex's better-sqlite3 client prepares every
 * statement again on every query; for the short indexed reads that make up most requests (session,
 * user, role, project, a list's version) the preparing costs as much as the running. Statements are
 * kept by their SQL text, the most recent `limit` of them: SQL is built with placeholders, so the
 * same few hundred texts repeat. A kept statement stays valid across schema changes (SQLite
 * re-prepares it itself), and knex only ever runs it to completion (`all` or `run`), never leaving
 * one half-iterated that a second caller could trip over.
 */
interface Statement {
  readonly reader: boolean;
}

export interface PreparingConnection {
  prepare(sql: string): Statement;
}

export const DEFAULT_STATEMENT_CACHE_SIZE = 500;

export const cacheStatements = <C extends PreparingConnection>(connection: C, limit = DEFAULT_STATEMENT_CACHE_SIZE): C => {
  const prepare = connection.prepare.bind(connection);
  const statements = new Map<string, Statement>();
  connection.prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (statement) {
      // Most recently used last: the first key is the one to drop.
      statements.delete(sql);
    } else {
      statement = prepare(sql);
      if (statements.size >= limit) statements.delete(statements.keys().next().value as string);
    }
    statements.set(sql, statement);
    return statement;
  };
  return connection;
};
