import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { isPostgres } from './sql-dialect';
import { tableOf } from './tables';

/**
 * The money columns, widened on PostgreSQL so they hold the portal's maxima (types/src/rules/numbers.ts,
 * PRICE_MAX and SALE_AMOUNT_MAX, 10,000,000,000). Strapi creates every decimal attribute as
 * numeric(10,2), which stops at 99,999,999.99: a price of AED 150 million, a real Dubai penthouse, was
 * a 500 ('numeric field overflow'). SQLite has no such limit. Strapi's schema sync compares a column's
 * type but not its precision, so the wider column stays; this runs at every start and only alters a
 * column that is still narrower (the first start, or a database restored from an older dump).
 */
export const MONEY_COLUMNS: readonly {
  uid: string;
  attributes: readonly string[];
}[] = [
  { uid: 'api::unit.unit', attributes: ['price'] },
  {
    uid: 'unit.sale-details',
    attributes: ['totalAmount', 'paidAmount', 'remainingAmount'],
  },
];
export const MONEY_PRECISION = 14;

export const widenMoneyColumns = async (strapi: Core.Strapi) => {
  if (!isPostgres(strapi)) return;
  const knex: Knex = strapi.db.connection;
  for (const { uid, attributes } of MONEY_COLUMNS) {
    const { table, column } = tableOf(strapi, uid);
    const found: { column_name: string; numeric_precision: number | null }[] = await knex('information_schema.columns')
      .where({ table_name: table })
      .select('column_name', 'numeric_precision');
    for (const name of attributes.map(column)) {
      const precision = found.find((row) => row.column_name === name)?.numeric_precision;
      if (typeof precision === 'number' && precision < MONEY_PRECISION) {
        await knex.raw(`alter table ?? alter column ?? type numeric(${MONEY_PRECISION}, 2)`, [table, name]);
      }
    }
  }
};
