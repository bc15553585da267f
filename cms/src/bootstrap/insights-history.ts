import type { Core } from '@strapi/strapi';
import { createSeededRandom, INSIGHTS_WEEKS, insightsWindow, WEEK_MS } from '@repo/types';

const UNIT_UID = 'api::unit.unit';
const HISTORY_UID = 'api::unit-history.unit-history';
const USER_UID = 'plugin::users-permissions.user';
const DEMO_ADMIN_EMAIL = 'admin@demo.test';
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

interface SoldUnit {
  id: number;
  projectId: number;
  unitNumber: string;
  unitStatus: 'sold' | 'reserved';
}

/**
 * When a demo unit was sold or reserved: a week of the last twelve, more of them recent (a
 * launch that picks up), Monday to Thursday, office hours in the Gulf (09:00 to 18:00, UTC+4),
 * never in the future.
 */
export const demoSaleTime = (random: () => number, now: Date): Date => {
  const { start } = insightsWindow(now);
  // sqrt leans the weeks towards the recent end: week 11 is about 6 times as likely as week 0.
  const week = Math.min(INSIGHTS_WEEKS - 1, Math.floor(Math.sqrt(random()) * INSIGHTS_WEEKS));
  const day = Math.floor(random() * 4);
  const minutes = Math.floor(random() * 9 * 60);
  const time = start.getTime() + week * WEEK_MS + day * DAY_MS + 5 * HOUR_MS + minutes * 60 * 1000;
  // A time of this week still to come moves back a week, to the same day and hour.
  return new Date(time < now.getTime() ? time : time - WEEK_MS);
};

/**
 * Twelve weeks of history behind the Insights tab (issue #28 item 8): each sold or reserved unit
 * without a status change on record gets the one that made it so, dated by demoSaleTime, written
 * by the demo admin through the portal. Idempotent: units with a status change are left alone.
 */
export const seedInsightsHistory = async (strapi: Core.Strapi, now = new Date()): Promise<number> => {
  const units = (await strapi.db.query(UNIT_UID).findMany({
    where: { unitStatus: { $in: ['sold', 'reserved'] } },
    select: ['id', 'projectId', 'unitNumber', 'unitStatus'],
    orderBy: { id: 'asc' },
  })) as SoldUnit[];
  if (units.length === 0) return 0;
  const recorded = (await strapi.db.query(HISTORY_UID).findMany({
    where: { action: 'status-changed', unitId: { $in: units.map((unit) => unit.id) } },
    select: ['unitId'],
  })) as { unitId: number }[];
  const known = new Set(recorded.map((row) => row.unitId));
  const missing = units.filter((unit) => !known.has(unit.id));
  if (missing.length === 0) return 0;
  const admin = (await strapi.db.query(USER_UID).findOne({ where: { email: DEMO_ADMIN_EMAIL }, select: ['id'] })) as { id: number } | null;
  const random = createSeededRandom(2028);
  await strapi.db.query(HISTORY_UID).createMany({
    data: missing.map((unit) => {
      const at = demoSaleTime(random, now);
      return {
        unitId: unit.id,
        projectId: unit.projectId,
        unitNumber: unit.unitNumber,
        action: 'status-changed',
        before: { status: 'available' },
        after: { status: unit.unitStatus },
        actorId: admin?.id ?? null,
        actorEmail: DEMO_ADMIN_EMAIL,
        source: 'portal',
        createdAt: at,
        updatedAt: at,
      };
    }),
  });
  return missing.length;
};
