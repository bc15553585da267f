import { z } from 'zod';
import type { UnitStatus } from '../domain';
import type { Currency } from '../rules/format';
import { INSIGHTS_REGIONS, type InsightsRegion, type WeeklyCount } from '../rules/insights';

/**
 * The admins' Insights tab (issue #28 item 7): GET /api/insights?projectId=&region= (admin only;
 * agents get 403, signed-out callers 401). The server computes every figure with the database in
 * one request (cms/src/db/insights.ts); the web draws it (web/src/features/insights).
 */
export const INSIGHTS_PATH = '/insights';

export const INSIGHTS_MESSAGES = {
  projectId: 'projectId must be a project id (a whole number of 1 or more)',
  region: `region must be one of: ${INSIGHTS_REGIONS.join(', ')}`,
  loadFailed: 'Failed to load insights',
} as const;

/** The query: both filters optional; anything else is refused by name (400 with the field). */
export const insightsQuerySchema = z
  .object({
    projectId: z
      .string({ error: INSIGHTS_MESSAGES.projectId })
      .regex(/^[1-9]\d{0,9}$/, INSIGHTS_MESSAGES.projectId)
      .transform(Number)
      .refine((id) => id <= 2_147_483_647, INSIGHTS_MESSAGES.projectId)
      .optional(),
    region: z.enum(INSIGHTS_REGIONS, { error: INSIGHTS_MESSAGES.region }).optional(),
  })
  .strict();
export type InsightsQuery = z.output<typeof insightsQuerySchema>;

export interface InsightsProject {
  projectId: number;
  name: string;
  regions: InsightsRegion[];
  total: number;
  statusCounts: Record<UnitStatus, number>;
  /** (sold + reserved) / total, in percent with one decimal; null without units. */
  sellThrough: number | null;
}

/**
 * Price per sqft of one unit type in one region, in one currency: QAR for projects visible to
 * doha, AED otherwise (spec §9); amounts in two currencies are never averaged together. Units
 * without a price or an area (area, else size) are left out; `units` says how many counted.
 */
export interface InsightsPricePerSqft {
  region: InsightsRegion;
  unitType: string;
  currency: Currency;
  units: number;
  pricePerSqft: number;
}

export interface InsightsData {
  filters: { projectId: number | null; region: InsightsRegion | null };
  /** The Mondays (UTC) of the twelve weeks, oldest first, 'YYYY-MM-DD'. */
  weeks: string[];
  /** Per project, by name. */
  projects: InsightsProject[];
  /**
   * Units that became sold or reserved each week, per region shown, from the unit history's status
   * changes; every week and region present, 0 when nothing happened. A project in both markets
   * counts in both.
   */
  weekly: WeeklyCount[];
  pricePerSqft: InsightsPricePerSqft[];
}
