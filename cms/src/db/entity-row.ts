import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { pooledSelect, rowsOf, type SelectOptions } from './pooled-read';
import { metadataOf, type ModelMeta } from './tables';

/**
 * Entities read with hand-written SQL (a join the query engine would split into several queries),
 * turned into what the query engine returns for the same row: attribute names, and each scalar
 * value as Strapi's field classes give it back (booleans from 0/1, JSON parsed, datetimes as ISO
 * strings). Only the scalar types our models use are known; building the columns of a model with any
 * other type throws, at the first request rather than with a silently different value.
 * auth-sessions.test.ts (users with their role) and inventory-visibility.test.ts (projects) hold both
 * readers to the same answer, on SQLite and, in CI, PostgreSQL.
 */
type Convert = (value: unknown) => unknown;

const asBoolean: Convert = (value) => {
  if (typeof value === 'boolean') return value;
  const text = String(value);
  return text === '1' ? true : text === '0' ? false : null;
};

const asJson: Convert = (value) => {
  if (typeof value !== 'string') return value;
  try {
    const parsed = JSON.parse(value) as unknown;
    // Strapi 5 release candidates stored some JSON twice stringified; its field reads those twice too.
    return typeof parsed === 'string' ? (JSON.parse(parsed) as unknown) : parsed;
  } catch {
    return value;
  }
};

const asDatetime: Convert = (value) => {
  const date = value instanceof Date ? value : new Date(value as string | number);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

const asText: Convert = (value) => String(value);
const asNumber: Convert = (value) => Number(value);
const asIs: Convert = (value) => value;

const CONVERTERS: Record<string, Convert> = {
  increments: asIs,
  string: asText,
  text: asText,
  richtext: asText,
  email: asText,
  password: asText,
  uid: asText,
  enumeration: asText,
  boolean: asBoolean,
  json: asJson,
  datetime: asDatetime,
  integer: asNumber,
  float: asNumber,
  decimal: asNumber,
  date: asIs,
};

export interface EntityColumns<Entity = Record<string, unknown>> {
  table: string;
  /** `alias.column as "alias__attribute"`, for a SELECT list. */
  select(alias: string): string;
  /** The entity of one result row, from the columns `select(alias)` named. */
  read(row: Record<string, unknown>, alias: string): Entity;
  /** The column of one of the attributes read. */
  column(attribute: string): string;
  /** The join table of a relation attribute, as Strapi's metadata names it. */
  joinTable(attribute: string): NonNullable<ModelMeta['attributes'][string]['joinTable']>;
}

/**
 * The scalar attributes of `uid` (only those named in `only`, when given). `Entity` is the shape the
 * caller declares for those attributes (as it would type the query engine's answer for the same
 * select): the converters above give each attribute the type Strapi's field gives it.
 */
export const entityColumns = <Entity = Record<string, unknown>>(strapi: Core.Strapi, uid: string, only?: readonly string[]): EntityColumns<Entity> => {
  const meta = metadataOf(strapi, uid);
  for (const name of only ?? []) if (!meta.attributes[name]) throw new Error(`${uid} has no attribute '${name}'`);
  const scalars = Object.entries(meta.attributes)
    .filter(([name, attribute]) => attribute.type !== 'relation' && attribute.columnName && (!only || only.includes(name)))
    .map(([name, attribute]) => {
      const convert = CONVERTERS[attribute.type];
      if (!convert) throw new Error(`${uid}.${name}: no row conversion for attribute type '${attribute.type}'`);
      return { name, column: attribute.columnName as string, convert };
    })
    // In the order asked for, as the query engine returns a `select`.
    .sort((a, b) => (only ? only.indexOf(a.name) - only.indexOf(b.name) : 0));
  for (const { name, column } of scalars) {
    if (!/^\w+$/.test(name) || !/^\w+$/.test(column)) throw new Error(`${uid}.${name}: not a plain column name`);
  }
  return {
    table: meta.tableName,
    select: (alias) => scalars.map(({ name, column }) => `${alias}.${column} as "${alias}__${name}"`).join(', '),
    read: (row, alias) => {
      const entity: Record<string, unknown> = {};
      for (const { name, convert } of scalars) {
        const value = row[`${alias}__${name}`];
        entity[name] = value === null || value === undefined ? null : convert(value);
      }
      return entity as Entity;
    },
    column: (attribute) => {
      const found = scalars.find(({ name }) => name === attribute);
      if (!found) throw new Error(`${uid}.${attribute} is not among the columns read`);
      return found.column;
    },
    joinTable: (attribute) => {
      const joinTable = meta.attributes[attribute]?.joinTable;
      if (!joinTable) throw new Error(`${uid}.${attribute} has no join table`);
      return joinTable;
    },
  };
};

/**
 * The rows of a hand-written SELECT, run on the transaction of the caller's strapi.db.transaction
 * when there is one (as the query engine does), so it sees the transaction's own rows (and on
 * SQLite's single knex connection a read from outside would wait for the transaction forever); else
 * outside any transaction (pooled-read.ts; on SQLite a read-only connection of its own).
 */
export const selectRows = async (strapi: Core.Strapi, sql: string, bindings: readonly unknown[], options?: SelectOptions) =>
  strapi.db.inTransaction()
    ? rowsOf(await strapi.db.transaction(({ trx }) => trx.raw(sql, [...bindings] as Knex.RawBinding[])))
    : pooledSelect(strapi.db.connection, sql, bindings, options);
