import type { Core } from '@strapi/strapi';
import { selectRows } from './entity-row';
import { isPostgres } from './sql-dialect';
import { tableOf } from './tables';

/**
 * The admins' insights (issue #28 item 7), counted and summed by the database: three GROUP BY
 * statements over the projects, their units and the unit history, none of which passes a unit or a
 * history row through Node. The caller (api/insight) shapes the few rows they return.
 *
 * Regions follow the dashboard's rule (types/src/rules/region.ts projectRegions): Dubai when the
 * location contains 'dubai' (any case) or visibleTo lists dubai, Doha likewise, 'other' when
 * neither; a project may be in both. The currency follows currencyFor (types/src/rules/format.ts):
 * QAR when visibleTo lists doha, AED otherwise. Both are written here in SQL because the database
 * groups by them; cms/tests/insights.test.ts holds the two to the same answers.
 */

export interface InsightsFilter {
  projectId?: number;
  region?: string;
}

export interface InsightsRows {
  /** One row per project and status present (status null for a project without units). */
  projects: { projectId: number; name: string; dubai: boolean; doha: boolean; status: string | null; count: number }[];
  /** Status changes to sold or reserved per region and week index (0 = the week starting at `start`). */
  weekly: { region: string; week: number; sold: number; reserved: number }[];
  /** Priced units with an area, per region, unit type and currency: how many, their prices' sum, their areas' sum. */
  prices: { region: string; unitType: string; currency: string; units: number; price: number; area: number }[];
}

const PROJECT_UID = 'api::project.project';
const UNIT_UID = 'api::unit.unit';
const HISTORY_UID = 'api::unit-history.unit-history';
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** The name a unit type without a value is grouped under. */
export const UNSPECIFIED_UNIT_TYPE = 'Unspecified';

/** True when the JSON array in `column` lists `market` (trimmed, any case); false for anything that is not an array. */
const listsMarket = (postgres: boolean, column: string, market: 'dubai' | 'doha') =>
  postgres
    ? `exists (select 1 from jsonb_array_elements_text(case when jsonb_typeof(${column}::jsonb) = 'array' then ${column}::jsonb else '[]'::jsonb end) as v(value) where lower(trim(v.value)) = '${market}')`
    : `exists (select 1 from json_each(case when json_valid(${column}) then (case when json_type(${column}) = 'array' then ${column} else '[]' end) else '[]' end) as v where lower(trim(v.value)) = '${market}')`;

/**
 * The weekly buckets, per database. SQLite keeps Strapi's dates as epoch milliseconds (older rows
 * perhaps as ISO text), compared with millisecond bounds. PostgreSQL keeps them in a timestamp
 * without time zone written by the driver in the server process's zone; the bounds are bound as
 * dates the same way and cast to timestamp, so both sides share that zone whatever it is.
 */
const weekBuckets = (postgres: boolean, createdAt: string, start: Date, weeks: number) => {
  const end = new Date(start.getTime() + weeks * WEEK_MS);
  return postgres
    ? {
        at: createdAt,
        week: `floor(extract(epoch from (e.at - ?::timestamp)) / ${WEEK_MS / 1000})::integer`,
        within: 'e.at >= ?::timestamp and e.at < ?::timestamp',
        bindings: [start, start, end],
      }
    : {
        at: `(case when typeof(${createdAt}) in ('integer', 'real') then ${createdAt} else (julianday(${createdAt}) - 2440587.5) * 86400000 end)`,
        week: `cast((e.at - ?) / ${WEEK_MS} as integer)`,
        within: 'e.at >= ? and e.at < ?',
        bindings: [start.getTime(), start.getTime(), end.getTime()],
      };
};

/** The `status` of a history row's `after` JSON. */
const afterStatus = (postgres: boolean, column: string) =>
  postgres ? `(${column}::jsonb ->> 'status')` : `(case when json_valid(${column}) then json_extract(${column}, '$.status') end)`;

/** The projects of the selection with their regions and currency (`proj`), and one row per project and region chosen (`chosen`). */
const selection = (strapi: Core.Strapi, filter: InsightsFilter) => {
  const postgres = isPostgres(strapi);
  const projects = tableOf(strapi, PROJECT_UID);
  const location = `lower(coalesce(p.${projects.column('location')}, ''))`;
  const visibleTo = `p.${projects.column('visibleTo')}`;
  const bindings: unknown[] = [];
  const projectWhere = filter.projectId === undefined ? '' : (bindings.push(filter.projectId), ' where p.id = ?');
  const regionWhere = filter.region === undefined ? '' : (bindings.push(filter.region), ' where region = ?');
  const sql = `with proj as (
      select p.id as id, p.${projects.column('name')} as name,
        case when ${location} like '%dubai%' or ${listsMarket(postgres, visibleTo, 'dubai')} then 1 else 0 end as dubai,
        case when ${location} like '%doha%' or ${listsMarket(postgres, visibleTo, 'doha')} then 1 else 0 end as doha,
        case when ${listsMarket(postgres, visibleTo, 'doha')} then 'QAR' else 'AED' end as currency
      from ${projects.table} as p${projectWhere}
    ), regions as (
      select id, currency, 'dubai' as region from proj where dubai = 1
      union all select id, currency, 'doha' as region from proj where doha = 1
      union all select id, currency, 'other' as region from proj where dubai = 0 and doha = 0
    ), chosen as (select id, currency, region from regions${regionWhere})`;
  return { sql, bindings, postgres };
};

const number = (value: unknown) => Number(value ?? 0);

/**
 * The three aggregates of the insights for the projects (and region) of `filter`; history from
 * `start` (a Monday 00:00 UTC) for `weeks` weeks.
 */
export const insightsRows = async (strapi: Core.Strapi, filter: InsightsFilter, start: Date, weeks: number): Promise<InsightsRows> => {
  const { sql: withSelection, bindings, postgres } = selection(strapi, filter);
  const units = tableOf(strapi, UNIT_UID);
  const history = tableOf(strapi, HISTORY_UID);
  const unitProject = `u.${units.column('projectId')}`;
  const status = `u.${units.column('unitStatus')}`;

  const projectRows = await selectRows(
    strapi,
    `${withSelection}
    select proj.id as "projectId", proj.name as "name", proj.dubai as "dubai", proj.doha as "doha", ${status} as "status", count(u.id) as "count"
    from proj left join ${units.table} as u on ${unitProject} = proj.id
    where proj.id in (select id from chosen)
    group by proj.id, proj.name, proj.dubai, proj.doha, ${status}
    order by proj.name, proj.id`,
    bindings,
  );

  const buckets = weekBuckets(postgres, `h.${history.column('createdAt')}`, start, weeks);
  const [startWeek, ...range] = buckets.bindings;
  const weeklyRows = await selectRows(
    strapi,
    `${withSelection}
    select chosen.region as "region", ${buckets.week} as "week",
      sum(case when e.status = 'sold' then 1 else 0 end) as "sold",
      sum(case when e.status = 'reserved' then 1 else 0 end) as "reserved"
    from (
      select h.${history.column('projectId')} as project_id, ${buckets.at} as at, ${afterStatus(postgres, `h.${history.column('after')}`)} as status
      from ${history.table} as h
      where h.${history.column('action')} = 'status-changed'
    ) as e
    join chosen on chosen.id = e.project_id
    where e.status in ('sold', 'reserved') and ${buckets.within}
    group by chosen.region, "week"`,
    [...bindings, startWeek, ...range],
  );

  const area = `(case when u.${units.column('area')} > 0 then u.${units.column('area')} else u.${units.column('size')} end)`;
  const unitType = `coalesce(nullif(trim(u.${units.column('unitType')}), ''), '${UNSPECIFIED_UNIT_TYPE}')`;
  const priceRows = await selectRows(
    strapi,
    `${withSelection}
    select chosen.region as "region", ${unitType} as "unitType", chosen.currency as "currency", count(*) as "units",
      sum(u.${units.column('price')}) as "price", sum(${area}) as "area"
    from ${units.table} as u join chosen on chosen.id = ${unitProject}
    where u.${units.column('price')} is not null and ${area} > 0
    group by chosen.region, ${unitType}, chosen.currency
    order by chosen.region, ${unitType}, chosen.currency`,
    bindings,
  );

  return {
    projects: projectRows.map((row) => ({
      projectId: number(row.projectId),
      name: String(row.name ?? ''),
      dubai: number(row.dubai) === 1,
      doha: number(row.doha) === 1,
      status: row.status === null || row.status === undefined ? null : String(row.status),
      count: number(row.count),
    })),
    weekly: weeklyRows.map((row) => ({ region: String(row.region), week: number(row.week), sold: number(row.sold), reserved: number(row.reserved) })),
    prices: priceRows.map((row) => ({
      region: String(row.region),
      unitType: String(row.unitType),
      currency: String(row.currency),
      units: number(row.units),
      price: number(row.price),
      area: number(row.area),
    })),
  };
};
