import type { Core } from '@strapi/strapi';
import { isRecordId } from './record-id';

/**
 * The few SQL fragments that differ between the two databases, for statements the database runs on
 * its own rows (INSERT ... SELECT) instead of rows passed through Node.
 */
/** `count` knex placeholders joined by commas: ? for values (the default), ?? for identifiers, or a row's `(?, ?)`. */
export const placeholders = (count: number, placeholder = '?') => Array.from({ length: count }, () => placeholder).join(', ');

export const isPostgres = (strapi: Core.Strapi) => (strapi.db.config.connection as { client?: string }).client === 'postgres';

/**
 * `column` (a qualified name or a knex ?? placeholder) is one of a list of ids bound as a single
 * value, `idListValue(ids)`: an integer array on PostgreSQL, a JSON array SQLite reads with json_each.
 * One placeholder instead of one per id: the statement's text is the same for 5 ids as for 5,000
 * (SQLite keeps it prepared, sqlite-statements.ts), knex formats one binding instead of thousands,
 * and PostgreSQL parses and plans a short statement. On the bench's PostgreSQL a 2,000-unit bulk
 * status change went from about 1.03x to 0.9x the same SQL work written with IN lists.
 */
export const inIdList = (strapi: Core.Strapi, column: string) =>
  isPostgres(strapi) ? `${column} = any(?::integer[])` : `${column} in (select value from json_each(?))`;

export const idListValue = (strapi: Core.Strapi, ids: readonly number[]) => {
  // Callers pass ids already read as record ids (request.ts); anything else here is a bug, not input.
  if (!ids.every(isRecordId)) throw new Error('An id list holds something that is not a record id');
  return isPostgres(strapi) ? `{${ids.join(',')}}` : JSON.stringify(ids);
};

/**
 * A document id per row written by the database, in the shape Strapi's have (24 characters, a
 * lower-case letter, then lower-case letters and digits; document-id.ts makes them in Node): 'h', the
 * time in milliseconds as 11 hex digits (the one `?` placeholder, bound to `documentIdTime()`), and 12
 * random hex digits. Time first, so the rows of one statement land together at the end of the
 * document-id index instead of on a random page each: with random ids, the index pages a 2,000-row
 * INSERT dirties made its commit twice as slow on SQLite. 48 random bits per millisecond: among the
 * 5,000 rows one statement writes at most, a repeat has a chance of about 4 in 10^8 (document ids
 * are not unique keys; Strapi only groups entries by them).
 */
export const documentIdSql = (strapi: Core.Strapi) =>
  isPostgres(strapi)
    ? "'h' || lpad(to_hex(?::bigint), 11, '0') || substr(replace(gen_random_uuid()::text, '-', ''), 1, 12)"
    : "'h' || printf('%011x', ?) || lower(hex(randomblob(6)))";

export const documentIdTime = () => Date.now();

/**
 * A one-key JSON object built from a column (`column` a knex ?? placeholder or a qualified name), as
 * a JSON attribute stores it: jsonb on PostgreSQL, JSON text on SQLite.
 */
export const jsonObjectSql = (strapi: Core.Strapi, key: string, column: string) => {
  if (!/^[a-z]+$/i.test(key)) throw new Error(`Not a plain JSON key: ${key}`);
  return isPostgres(strapi) ? `jsonb_build_object('${key}', ${column})` : `json_object('${key}', ${column})`;
};
