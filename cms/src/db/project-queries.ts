import type { Core } from '@strapi/strapi';
import { entityColumns, selectRows, type EntityColumns } from './entity-row';
import { placeholders } from './sql-dialect';
import { tableOf } from './tables';

/**
 * The dashboard's reads (spec §6: every card with its per-status counts) and the project read of
 * every project and unit route, as prepared SQL rather than the query engine: the query engine
 * builds its query anew each time, and these run on every request. Built from Strapi's metadata at
 * the first call, when it is loaded.
 */
export interface ProjectReads<Project> {
  /** The projects with these ids (or every one), by name then id. */
  list(ids: readonly number[] | 'all'): Promise<Project[]>;
  /** One project, or null. */
  byId(id: number): Promise<Project | null>;
}

export const projectReads = <Project>(strapi: Core.Strapi, uid: string, fields: readonly string[]): ProjectReads<Project> => {
  let columns: EntityColumns<Project> | null = null;
  const projects = () => (columns ??= entityColumns<Project>(strapi, uid, fields));
  let byIdSql: string | null = null;
  return {
    async list(ids) {
      const { select, table, column, read } = projects();
      const where = ids === 'all' ? '' : ` where p.id in (${placeholders(ids.length)})`;
      const rows = await selectRows(
        strapi,
        `select ${select('p')} from ${table} as p${where} order by p.${column('name')} asc, p.id asc`,
        ids === 'all' ? [] : ids,
      );
      return rows.map((row) => read(row, 'p'));
    },
    async byId(id) {
      const { select, table, read } = projects();
      byIdSql ??= `select ${select('p')} from ${table} as p where p.id = ?`;
      const [row] = await selectRows(strapi, byIdSql, [id]);
      return row ? read(row, 'p') : null;
    },
  };
};

export interface StatusCount<Status extends string> {
  projectId: number;
  status: Status;
  count: number;
}

/**
 * How many units of each project are in each status, in one GROUP BY: of the given projects (or
 * all) and only the given statuses (or all).
 */
export const unitStatusCounts = async <Status extends string>(
  strapi: Core.Strapi,
  unitUid: string,
  { projectIds, statuses }: { projectIds: readonly number[] | 'all'; statuses: readonly Status[] | null },
): Promise<StatusCount<Status>[]> => {
  const units = tableOf(strapi, unitUid);
  const projectColumn = units.column('projectId');
  const statusColumn = units.column('unitStatus');
  const filters = [
    ...(projectIds === 'all' ? [] : [`${projectColumn} in (${placeholders(projectIds.length)})`]),
    ...(statuses ? [`${statusColumn} in (${placeholders(statuses.length)})`] : []),
  ];
  const rows = await selectRows(
    strapi,
    `select ${projectColumn} as "projectId", ${statusColumn} as "status", count(*) as "count" from ${units.table}${filters.length ? ` where ${filters.join(' and ')}` : ''} group by ${projectColumn}, ${statusColumn}`,
    [...(projectIds === 'all' ? [] : projectIds), ...(statuses ?? [])],
    // A scan of every unit for each dashboard: kept on SQLite until the database changes.
    { untilChanged: true },
  );
  // PostgreSQL gives count(*) as a bigint string, SQLite as a number.
  return rows.map((row) => ({ projectId: Number(row.projectId), status: String(row.status) as Status, count: Number(row.count) }));
};
