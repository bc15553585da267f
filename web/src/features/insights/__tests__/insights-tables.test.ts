import { describe, expect, it } from 'vitest';
import type { InsightsData } from '@repo/types';
import {
  currenciesOf,
  percentText,
  priceChartRows,
  priceTable,
  sellThroughTable,
  statusMixTable,
  tableCsv,
  weeklyChartRows,
  weeklyTable,
  weekTitle,
} from '../utils/insights-tables';

const DATA: InsightsData = {
  filters: { projectId: null, region: null },
  weeks: ['2026-11-16', '2026-11-23'],
  projects: [
    {
      projectId: 1,
      name: '=Marina',
      regions: ['dubai'],
      total: 4,
      statusCounts: { available: 1, sold: 1, reserved: 1, unavailable: 1, occupied: 0 },
      sellThrough: 50,
    },
    {
      projectId: 2,
      name: 'Empty',
      regions: ['other'],
      total: 0,
      statusCounts: { available: 0, sold: 0, reserved: 0, unavailable: 0, occupied: 0 },
      sellThrough: null,
    },
  ],
  weekly: [
    { week: '2026-11-16', region: 'dubai', sold: 1, reserved: 0 },
    { week: '2026-11-16', region: 'doha', sold: 0, reserved: 2 },
    { week: '2026-11-23', region: 'dubai', sold: 0, reserved: 0 },
    { week: '2026-11-23', region: 'doha', sold: 3, reserved: 0 },
  ],
  pricePerSqft: [
    { region: 'doha', unitType: 'Studio', currency: 'QAR', units: 3, pricePerSqft: 1642.86 },
    { region: 'dubai', unitType: 'Studio', currency: 'AED', units: 2, pricePerSqft: 1777.78 },
    { region: 'dubai', unitType: 'Studio', currency: 'QAR', units: 2, pricePerSqft: 1800 },
  ],
};

describe('the insights tables', () => {
  it('give the sell-through and status mix per project', () => {
    expect(sellThroughTable(DATA).rows).toEqual([
      { project: '=Marina', total: 4, sold: 1, reserved: 1, sellThrough: 50 },
      { project: 'Empty', total: 0, sold: 0, reserved: 0, sellThrough: null },
    ]);
    expect(statusMixTable(DATA).columns.map((column) => column.label)).toEqual([
      'Project',
      'Available',
      'Sold',
      'Reserved',
      'Unavailable',
      'Occupied',
      'Total',
    ]);
    expect(statusMixTable(DATA).rows[0]).toEqual({ project: '=Marina', available: 1, sold: 1, reserved: 1, unavailable: 1, occupied: 0, total: 4 });
    expect(percentText(66.7)).toBe('66.7%');
    expect(percentText(100)).toBe('100.0%');
    expect(percentText(null)).toBe('–');
  });

  it('give the weeks with their titles and region names', () => {
    expect(weekTitle('2026-11-23')).toBe('Week of 23 Nov 2026');
    expect(weeklyTable(DATA).rows[1]).toEqual({ week: 'Week of 16 Nov 2026', region: 'Doha', sold: 0, reserved: 2 });
    expect(weeklyChartRows(DATA)).toEqual({
      regions: ['dubai', 'doha'],
      rows: [
        { week: '16 Nov', dubaiSold: 1, dubaiReserved: 0, dohaSold: 0, dohaReserved: 2 },
        { week: '23 Nov', dubaiSold: 0, dubaiReserved: 0, dohaSold: 3, dohaReserved: 0 },
      ],
    });
  });

  it('keep each currency apart in the price chart', () => {
    expect(currenciesOf(DATA)).toEqual(['AED', 'QAR']);
    expect(priceChartRows(DATA, 'QAR')).toEqual({ regions: ['doha', 'dubai'], rows: [{ unitType: 'Studio', doha: 1642.86, dubai: 1800 }] });
    expect(priceChartRows(DATA, 'AED')).toEqual({ regions: ['dubai'], rows: [{ unitType: 'Studio', dubai: 1777.78 }] });
    expect(priceTable(DATA).rows[1]).toEqual({ region: 'Dubai', unitType: 'Studio', currency: 'AED', units: 2, pricePerSqft: 1777.78 });
  });

  it('write a CSV with the labels as header and formula cells neutralised', () => {
    expect(tableCsv(sellThroughTable(DATA)).split('\r\n')).toEqual(['Project,Units,Sold,Reserved,Sell-through (%)', "'=Marina,4,1,1,50", 'Empty,0,0,0,']);
  });
});
