import type { Core } from '@strapi/strapi';

/**
 * Table and column names for set-based SQL, taken from Strapi's metadata so they follow whatever
 * names Strapi gives them (it shortens long identifiers) instead of being hard-coded.
 */
/** What the data layer reads of Strapi's metadata of a model: its table, and its attributes' columns, types and join tables. */
export interface ModelMeta {
  tableName: string;
  attributes: Record<
    string,
    { type: string; columnName?: string; target?: string; joinTable?: { name: string; joinColumn: { name: string }; inverseJoinColumn: { name: string } } }
  >;
}

/**
 * A model's metadata. The one cast of it: Strapi types `metadata.get` by its generated registry of
 * uids, which our content types are not in at compile time, and its attribute type is a union that
 * needs narrowing at every use for the few fields read here.
 */
export const metadataOf = (strapi: Core.Strapi, uid: string): ModelMeta => strapi.db.metadata.get(uid as never) as unknown as ModelMeta;

export const tableOf = (strapi: Core.Strapi, uid: string) => {
  const meta = metadataOf(strapi, uid);
  const column = (attribute: string) => {
    const definition = meta.attributes[attribute];
    if (!definition) throw new Error(`${uid} has no attribute '${attribute}'`);
    return definition.columnName ?? attribute;
  };
  return { table: meta.tableName, column };
};
