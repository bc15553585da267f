import type { Core } from '@strapi/strapi';
import {
  fillWeeks,
  INSIGHTS_REGIONS,
  insightsWindow,
  mixTotal,
  PROJECT_MESSAGES,
  pricePerSqft,
  regionsShown,
  sellThrough,
  statusMix,
  type Currency,
  type InsightsData,
  type InsightsQuery,
  type InsightsRegion,
} from '@repo/types';
import { errors } from '@strapi/utils';
import { insightsRows } from '../../../db';

const PROJECT_UID = 'api::project.project';

const asRegion = (value: string): InsightsRegion => ((INSIGHTS_REGIONS as readonly string[]).includes(value) ? (value as InsightsRegion) : 'other');
const asCurrency = (value: string): Currency => (value === 'QAR' ? 'QAR' : 'AED');

/**
 * The insights of the projects (and region) asked for, as of `now`. The database does the counting
 * and summing (db/insights.ts); this groups its rows per project and applies the shared arithmetic
 * (types/src/rules/insights.ts).
 */
const insightService = ({ strapi }: { strapi: Core.Strapi }) => ({
  async read(query: InsightsQuery, now: Date): Promise<InsightsData> {
    if (query.projectId !== undefined && (await strapi.db.query(PROJECT_UID).count({ where: { id: query.projectId } })) === 0) {
      throw new errors.NotFoundError(PROJECT_MESSAGES.notFound);
    }
    const window = insightsWindow(now);
    const rows = await insightsRows(strapi, query, window.start, window.weeks.length);

    const byProject = new Map<number, { name: string; regions: InsightsRegion[]; statuses: { status: string; count: number }[] }>();
    for (const row of rows.projects) {
      let project = byProject.get(row.projectId);
      if (!project) {
        const regions: InsightsRegion[] = [...(row.dubai ? (['dubai'] as const) : []), ...(row.doha ? (['doha'] as const) : [])];
        project = { name: row.name, regions: regions.length > 0 ? regions : ['other'], statuses: [] };
        byProject.set(row.projectId, project);
      }
      if (row.status !== null) project.statuses.push({ status: row.status, count: row.count });
    }
    const projects = [...byProject.entries()].map(([projectId, project]) => {
      const statusCounts = statusMix(project.statuses);
      const total = mixTotal(statusCounts);
      return {
        projectId,
        name: project.name,
        regions: project.regions,
        total,
        statusCounts,
        sellThrough: sellThrough(statusCounts.sold, statusCounts.reserved, total),
      };
    });

    const region = query.region ?? null;
    const weekly = fillWeeks(
      rows.weekly.map((row) => ({ week: window.weeks[row.week] ?? '', region: asRegion(row.region), sold: row.sold, reserved: row.reserved })),
      window.weeks,
      regionsShown(
        region,
        projects.map((project) => project.regions),
      ),
    );

    const prices = rows.prices.flatMap((row) => {
      const value = pricePerSqft(row.price, row.area);
      return value === null
        ? []
        : [{ region: asRegion(row.region), unitType: row.unitType, currency: asCurrency(row.currency), units: row.units, pricePerSqft: value }];
    });

    return { filters: { projectId: query.projectId ?? null, region }, weeks: window.weeks, projects, weekly, pricePerSqft: prices } satisfies InsightsData;
  },
});

export type InsightService = ReturnType<typeof insightService>;
export default insightService;
