import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSIGHTS_WEEKS, insightsWindow, type InsightsData } from '@repo/types';
import { demoSaleTime, seedInsightsHistory } from '../src/bootstrap/insights-history';
import { createClient, DEMO, signIn, startTestStrapi, type TestServer } from './helpers/strapi';

/** Issue #28 item 8: the demo has twelve weeks of sales and reservations behind the Insights tab. */
interface HistoryRow {
  unitId: number;
  after: { status: string };
  createdAt: string;
}

let server: TestServer;
let units: { id: number; unitStatus: string }[];
let changes: HistoryRow[];

beforeAll(async () => {
  server = await startTestStrapi({ seed: true });
  units = (await server.strapi.db
    .query('api::unit.unit')
    .findMany({ where: { unitStatus: { $in: ['sold', 'reserved'] } }, select: ['id', 'unitStatus'], limit: 100_000 })) as typeof units;
  changes = (await server.strapi.db
    .query('api::unit-history.unit-history')
    .findMany({ where: { action: 'status-changed' }, select: ['unitId', 'after', 'createdAt'], limit: 100_000 })) as HistoryRow[];
});

afterAll(async () => {
  await server?.stop();
});

describe('the demo seed: history behind the insights', () => {
  it('gives every sold or reserved unit the status change that made it so, within the last twelve weeks, never in the future', () => {
    expect(units.length).toBeGreaterThan(20);
    expect(changes.map((row) => row.unitId).sort((a, b) => a - b)).toEqual(units.map((unit) => unit.id).sort((a, b) => a - b));
    const statusOf = new Map(units.map((unit) => [unit.id, unit.unitStatus]));
    const { start } = insightsWindow(new Date());
    for (const row of changes) {
      expect(row.after.status).toBe(statusOf.get(row.unitId));
      const at = new Date(row.createdAt).getTime();
      expect(at).toBeGreaterThanOrEqual(start.getTime());
      expect(at).toBeLessThanOrEqual(Date.now());
    }
  });

  it('spreads them over the weeks, as the Insights tab shows them', async () => {
    const client = createClient(server.baseUrl);
    const admin = await signIn(client, DEMO.admin.email, DEMO.admin.password, 'admin');
    const response = await client.get<{ data: InsightsData }>('/api/insights', { token: admin });
    expect(response.status).toBe(200);
    const perWeek = new Map<string, number>();
    for (const row of response.body.data.weekly) perWeek.set(row.week, (perWeek.get(row.week) ?? 0) + row.sold + row.reserved);
    expect([...perWeek.values()].filter((count) => count > 0).length).toBeGreaterThanOrEqual(8);
    expect(response.body.data.pricePerSqft.length).toBeGreaterThan(0);
  });

  it('adds nothing when run again', async () => {
    expect(await seedInsightsHistory(server.strapi)).toBe(0);
  });
});

describe('demoSaleTime', () => {
  it('falls Monday to Thursday in Gulf office hours, in the window, before now', () => {
    const now = new Date('2026-11-24T07:00:00Z'); // a Tuesday morning
    const { start } = insightsWindow(now);
    let state = 0;
    const random = () => (state = (state * 9301 + 49297) % 233280) / 233280;
    const weeks = new Set<number>();
    for (let draw = 0; draw < 500; draw += 1) {
      const at = demoSaleTime(random, now);
      expect(at.getTime()).toBeLessThan(now.getTime());
      expect(at.getTime()).toBeGreaterThanOrEqual(start.getTime());
      weeks.add(Math.floor((at.getTime() - start.getTime()) / (7 * 24 * 3600 * 1000)));
      if (at.getTime() < start.getTime() + (INSIGHTS_WEEKS - 1) * 7 * 24 * 3600 * 1000) {
        expect([1, 2, 3, 4]).toContain(at.getUTCDay());
        expect(at.getUTCHours()).toBeGreaterThanOrEqual(5);
        expect(at.getUTCHours()).toBeLessThan(14);
      }
    }
    expect(weeks.size).toBe(INSIGHTS_WEEKS);
  });
});
