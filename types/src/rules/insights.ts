import { UNIT_STATUSES, type UnitStatus } from '../domain';
import { roundTo2 } from './format';

/**
 * The pure arithmetic of the admins' Insights tab (issue #28 item 7). The database counts and sums
 * (cms/src/db/insights.ts, GROUP BY over units and history); these rules turn its totals into the
 * figures shown, the same way on the server and in tests.
 */

/** The weekly chart covers the current week and the eleven before it. */
export const INSIGHTS_WEEKS = 12;
export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The region sections of the dashboard (spec §2): a project may be in both markets; 'other' is neither. */
export const INSIGHTS_REGIONS = ['dubai', 'doha', 'other'] as const;
export type InsightsRegion = (typeof INSIGHTS_REGIONS)[number];

/** Monday 00:00 UTC of the ISO week holding `date`. */
export function weekStartUtc(date: Date): Date {
  const midnight = Math.floor(date.getTime() / DAY_MS) * DAY_MS;
  // getUTCDay: Sunday 0 ... Saturday 6; days since Monday: Monday 0 ... Sunday 6.
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

export interface InsightsWindow {
  /** Monday 00:00 UTC of the first (oldest) week: history from this instant on is counted. */
  start: Date;
  /** The Mondays of the weeks, oldest first, as 'YYYY-MM-DD'. */
  weeks: string[];
}

/** The twelve ISO weeks ending with the one holding `now`. */
export function insightsWindow(now: Date, weeks = INSIGHTS_WEEKS): InsightsWindow {
  const start = new Date(weekStartUtc(now).getTime() - (weeks - 1) * WEEK_MS);
  return {
    start,
    weeks: Array.from({ length: weeks }, (_, index) => new Date(start.getTime() + index * WEEK_MS).toISOString().slice(0, 10)),
  };
}

/**
 * (sold + reserved) / total as a percentage with one decimal; null for a project without units,
 * whose sell-through is not 0 % but unknown.
 */
export function sellThrough(sold: number, reserved: number, total: number): number | null {
  if (total <= 0) return null;
  return Math.round(((sold + reserved) / total) * 1000) / 10;
}

/** One count per status, absent statuses 0, from rows the database grouped by status. */
export function statusMix(rows: readonly { status: string; count: number }[]): Record<UnitStatus, number> {
  const mix = Object.fromEntries(UNIT_STATUSES.map((status) => [status, 0])) as Record<UnitStatus, number>;
  for (const row of rows) if ((UNIT_STATUSES as readonly string[]).includes(row.status)) mix[row.status as UnitStatus] += row.count;
  return mix;
}

/** The sum of a status mix: every unit counted once. */
export const mixTotal = (mix: Record<UnitStatus, number>) => UNIT_STATUSES.reduce((sum, status) => sum + mix[status], 0);

/** Average price per sqft of a group: the group's price over its area, to 2 decimals; null without area. */
export function pricePerSqft(totalPrice: number, totalArea: number): number | null {
  if (!(totalArea > 0) || !Number.isFinite(totalPrice)) return null;
  return roundTo2(totalPrice / totalArea);
}

export interface WeeklyCount {
  week: string;
  region: InsightsRegion;
  sold: number;
  reserved: number;
}

/**
 * Every week of the window for every region shown, weeks without a sale or a reservation at 0, so
 * the chart's axis is the same twelve weeks whatever happened. Rows for a week or region outside
 * the lists are dropped; two rows for the same week and region add up.
 */
export function fillWeeks(rows: readonly WeeklyCount[], weeks: readonly string[], regions: readonly InsightsRegion[]): WeeklyCount[] {
  const key = (week: string, region: string) => `${week}|${region}`;
  const filled = new Map<string, WeeklyCount>();
  for (const week of weeks) for (const region of regions) filled.set(key(week, region), { week, region, sold: 0, reserved: 0 });
  for (const row of rows) {
    const slot = filled.get(key(row.week, row.region));
    if (!slot) continue;
    slot.sold += row.sold;
    slot.reserved += row.reserved;
  }
  return [...filled.values()];
}

/** The week a history row's time (ms since the epoch) falls in, as the index of `window.weeks`; -1 outside. */
export function weekIndex(time: number, window: InsightsWindow): number {
  const index = Math.floor((time - window.start.getTime()) / WEEK_MS);
  return index >= 0 && index < window.weeks.length ? index : -1;
}

/**
 * The regions the weekly chart shows: the one filtered on, else each region a project of the
 * selection is in, in the order Dubai, Doha, Other.
 */
export function regionsShown(filter: InsightsRegion | null, projectRegions: readonly (readonly InsightsRegion[])[]): InsightsRegion[] {
  if (filter) return [filter];
  return INSIGHTS_REGIONS.filter((region) => projectRegions.some((regions) => regions.includes(region)));
}
