import { describe, expect, it } from 'vitest';
import {
  fillWeeks,
  INSIGHTS_WEEKS,
  insightsWindow,
  mixTotal,
  pricePerSqft,
  regionsShown,
  sellThrough,
  statusMix,
  WEEK_MS,
  weekIndex,
  weekStartUtc,
  type WeeklyCount,
} from './insights';
import { insightsQuerySchema, INSIGHTS_MESSAGES } from '../api/insights';

const at = (iso: string) => new Date(iso);

describe('weekStartUtc', () => {
  it('is the Monday 00:00 UTC of the ISO week, for every day of a week', () => {
    // 2026-11-23 is a Monday; the week runs to Sunday 2026-11-29 23:59:59.999.
    for (const day of ['2026-11-23T00:00:00.000Z', '2026-11-24T13:05:00Z', '2026-11-26T23:59:59Z', '2026-11-28T08:00:00Z', '2026-11-29T23:59:59.999Z']) {
      expect(weekStartUtc(at(day)).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    }
    expect(weekStartUtc(at('2026-11-22T23:59:59.999Z')).toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(weekStartUtc(at('2026-11-30T00:00:00.000Z')).toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });

  it('crosses months and years', () => {
    expect(weekStartUtc(at('2027-01-01T12:00:00Z')).toISOString()).toBe('2026-12-28T00:00:00.000Z');
    expect(weekStartUtc(at('2026-03-01T12:00:00Z')).toISOString()).toBe('2026-02-23T00:00:00.000Z');
  });
});

describe('insightsWindow', () => {
  it('holds the current week and the eleven before it, oldest first', () => {
    const window = insightsWindow(at('2026-11-25T06:40:00Z'));
    expect(INSIGHTS_WEEKS).toBe(12);
    expect(window.weeks).toHaveLength(12);
    expect(window.weeks[0]).toBe('2026-09-07');
    expect(window.weeks[1]).toBe('2026-09-14');
    expect(window.weeks[11]).toBe('2026-11-23');
    expect(window.start.toISOString()).toBe('2026-09-07T00:00:00.000Z');
    expect(WEEK_MS).toBe(604_800_000);
  });

  it('takes another length', () => {
    expect(insightsWindow(at('2026-11-25T06:40:00Z'), 2).weeks).toEqual(['2026-11-16', '2026-11-23']);
  });
});

describe('weekIndex', () => {
  const window = insightsWindow(at('2026-11-25T06:40:00Z'));
  it('places a time in its week of the window', () => {
    expect(weekIndex(Date.parse('2026-09-07T00:00:00.000Z'), window)).toBe(0);
    expect(weekIndex(Date.parse('2026-09-13T23:59:59.999Z'), window)).toBe(0);
    expect(weekIndex(Date.parse('2026-09-14T00:00:00.000Z'), window)).toBe(1);
    expect(weekIndex(Date.parse('2026-11-29T23:59:59.999Z'), window)).toBe(11);
  });
  it('is -1 before and after the window', () => {
    expect(weekIndex(Date.parse('2026-09-06T23:59:59.999Z'), window)).toBe(-1);
    expect(weekIndex(Date.parse('2026-11-30T00:00:00.000Z'), window)).toBe(-1);
  });
});

describe('sellThrough', () => {
  it('is (sold + reserved) / total in percent, one decimal', () => {
    expect(sellThrough(1, 0, 4)).toBe(25);
    expect(sellThrough(0, 1, 4)).toBe(25);
    expect(sellThrough(1, 1, 3)).toBe(66.7);
    expect(sellThrough(1, 0, 3)).toBe(33.3);
    expect(sellThrough(2, 1, 3)).toBe(100);
    expect(sellThrough(0, 0, 5)).toBe(0);
    expect(sellThrough(1, 0, 8)).toBe(12.5);
  });
  it('is unknown without units', () => {
    expect(sellThrough(0, 0, 0)).toBeNull();
    expect(sellThrough(0, 0, -1)).toBeNull();
  });
});

describe('statusMix and mixTotal', () => {
  it('counts every status, absent ones 0, and ignores what is not a status', () => {
    const mix = statusMix([
      { status: 'sold', count: 3 },
      { status: 'available', count: 5 },
      { status: 'sold', count: 1 },
      { status: 'archived', count: 9 },
    ]);
    expect(mix).toEqual({ available: 5, sold: 4, reserved: 0, unavailable: 0, occupied: 0 });
    expect(mixTotal(mix)).toBe(9);
    expect(mixTotal({ available: 1, sold: 2, reserved: 3, unavailable: 4, occupied: 5 })).toBe(15);
    expect(statusMix([])).toEqual({ available: 0, sold: 0, reserved: 0, unavailable: 0, occupied: 0 });
  });
});

describe('pricePerSqft', () => {
  it('is the price over the area, to 2 decimals', () => {
    expect(pricePerSqft(1_000_000, 800)).toBe(1250);
    expect(pricePerSqft(1_000_000, 3)).toBe(333333.33);
    expect(pricePerSqft(2, 3)).toBe(0.67);
    expect(pricePerSqft(0, 100)).toBe(0);
  });
  it('is null without an area or with a price that is not a number', () => {
    expect(pricePerSqft(100, 0)).toBeNull();
    expect(pricePerSqft(100, -5)).toBeNull();
    expect(pricePerSqft(100, Number.NaN)).toBeNull();
    expect(pricePerSqft(Number.NaN, 10)).toBeNull();
    expect(pricePerSqft(Number.POSITIVE_INFINITY, 10)).toBeNull();
  });
});

describe('fillWeeks', () => {
  const weeks = ['2026-11-09', '2026-11-16', '2026-11-23'];
  it('gives every week and region, with zeros where nothing happened, weeks first then regions', () => {
    const rows: WeeklyCount[] = [{ week: '2026-11-16', region: 'doha', sold: 2, reserved: 1 }];
    expect(fillWeeks(rows, weeks, ['dubai', 'doha'])).toEqual([
      { week: '2026-11-09', region: 'dubai', sold: 0, reserved: 0 },
      { week: '2026-11-09', region: 'doha', sold: 0, reserved: 0 },
      { week: '2026-11-16', region: 'dubai', sold: 0, reserved: 0 },
      { week: '2026-11-16', region: 'doha', sold: 2, reserved: 1 },
      { week: '2026-11-23', region: 'dubai', sold: 0, reserved: 0 },
      { week: '2026-11-23', region: 'doha', sold: 0, reserved: 0 },
    ]);
  });
  it('adds up rows of the same slot and drops rows outside the weeks or regions', () => {
    const rows: WeeklyCount[] = [
      { week: '2026-11-23', region: 'dubai', sold: 1, reserved: 0 },
      { week: '2026-11-23', region: 'dubai', sold: 2, reserved: 4 },
      { week: '2026-11-02', region: 'dubai', sold: 7, reserved: 7 },
      { week: '2026-11-23', region: 'other', sold: 5, reserved: 5 },
    ];
    expect(fillWeeks(rows, weeks, ['dubai'])).toEqual([
      { week: '2026-11-09', region: 'dubai', sold: 0, reserved: 0 },
      { week: '2026-11-16', region: 'dubai', sold: 0, reserved: 0 },
      { week: '2026-11-23', region: 'dubai', sold: 3, reserved: 4 },
    ]);
  });
  it('does not change the rows it is given', () => {
    const rows: WeeklyCount[] = [{ week: '2026-11-23', region: 'dubai', sold: 1, reserved: 1 }];
    fillWeeks(rows, weeks, ['dubai']);
    fillWeeks(rows, weeks, ['dubai']);
    expect(rows).toEqual([{ week: '2026-11-23', region: 'dubai', sold: 1, reserved: 1 }]);
    expect(fillWeeks([], [], ['dubai'])).toEqual([]);
  });
});

describe('regionsShown', () => {
  it('is the filtered region alone', () => {
    expect(regionsShown('doha', [['dubai'], ['other']])).toEqual(['doha']);
    expect(regionsShown('other', [])).toEqual(['other']);
  });
  it('is each region a project of the selection is in, Dubai, Doha, Other in that order', () => {
    expect(regionsShown(null, [['dubai'], ['dubai', 'doha']])).toEqual(['dubai', 'doha']);
    expect(regionsShown(null, [['doha']])).toEqual(['doha']);
    expect(regionsShown(null, [['other'], ['doha', 'dubai']])).toEqual(['dubai', 'doha', 'other']);
    expect(regionsShown(null, [])).toEqual([]);
  });
});

describe('insightsQuerySchema', () => {
  it('reads both filters, each optional', () => {
    expect(insightsQuerySchema.parse({})).toEqual({});
    expect(insightsQuerySchema.parse({ projectId: '12', region: 'doha' })).toEqual({ projectId: 12, region: 'doha' });
    expect(insightsQuerySchema.parse({ projectId: '2147483647' })).toEqual({ projectId: 2_147_483_647 });
  });
  it.each([
    [{ projectId: '0' }, 'projectId', INSIGHTS_MESSAGES.projectId],
    [{ projectId: '-1' }, 'projectId', INSIGHTS_MESSAGES.projectId],
    [{ projectId: '1.5' }, 'projectId', INSIGHTS_MESSAGES.projectId],
    [{ projectId: 'abc' }, 'projectId', INSIGHTS_MESSAGES.projectId],
    [{ projectId: '01' }, 'projectId', INSIGHTS_MESSAGES.projectId],
    [{ projectId: '2147483648' }, 'projectId', INSIGHTS_MESSAGES.projectId],
    [{ projectId: ['1', '2'] }, 'projectId', INSIGHTS_MESSAGES.projectId],
    [{ region: 'qatar' }, 'region', INSIGHTS_MESSAGES.region],
    [{ region: 'Dubai' }, 'region', INSIGHTS_MESSAGES.region],
  ])('refuses %j on its field', (query, field, message) => {
    const result = insightsQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual([field]);
    expect(result.error?.issues[0].message).toBe(message);
  });
  it('refuses a parameter it does not take', () => {
    const result = insightsQuerySchema.safeParse({ status: 'sold' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].code).toBe('unrecognized_keys');
  });
});
