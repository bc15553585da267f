import type { Core } from '@strapi/strapi';

/**
 * Table and column names for set-based SQL, taken from Strapi's metadata so they follow whatever
 * names Strapi gives them (it shortens long identifiers) instead of being hard-coded.
 */
export const tableOf = (strapi: Core.Strapi, uid: string) => {
  const meta = strapi.db.metadata.get(uid as never) as unknown as {
    tableName: string;
    attributes: Record<string, { columnName?: string }>;
  };
  const column = (attribute: string) => {
    const definition = meta.attributes[attribute];
    if (!definition) throw new Error(`${uid} has no attribute '${attribute}'`);
    return definition.columnName ?? attribute;
  };
  return { table: meta.tableName, column };
};
