import { toCsv, UNIT_STATUSES, type InsightsData, type InsightsRegion, type UnitStatus } from '@repo/types';

/**
 * The Insights tab's figures as tables: each chart's fallback for screen readers and its CSV
 * download read the same rows, so what is drawn, read out and downloaded is one set of numbers.
 */
export type Cell = string | number | null;
export interface InsightsTable {
  columns: readonly { key: string; label: string }[];
  rows: Record<string, Cell>[];
}

export const REGION_LABELS: Record<InsightsRegion, string> = { dubai: 'Dubai', doha: 'Doha', other: 'Other' };
export const STATUS_LABELS: Record<UnitStatus, string> = {
  available: 'Available',
  sold: 'Sold',
  reserved: 'Reserved',
  unavailable: 'Unavailable',
  occupied: 'Occupied',
};

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const DATE_WITH_YEAR = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
/** '7 Sep' for a week starting on Monday 2026-09-07 (chart axis). */
export const weekLabel = (week: string) => DATE.format(new Date(`${week}T00:00:00Z`));
/** 'Week of 7 Sep 2026' (tables and CSV). */
export const weekTitle = (week: string) => `Week of ${DATE_WITH_YEAR.format(new Date(`${week}T00:00:00Z`))}`;

/** '66.7%', or '–' for a project without units. */
export const percentText = (value: number | null) => (value === null ? '–' : `${value.toFixed(1)}%`);

export const sellThroughTable = (data: InsightsData): InsightsTable => ({
  columns: [
    { key: 'project', label: 'Project' },
    { key: 'total', label: 'Units' },
    { key: 'sold', label: 'Sold' },
    { key: 'reserved', label: 'Reserved' },
    { key: 'sellThrough', label: 'Sell-through (%)' },
  ],
  rows: data.projects.map((project) => ({
    project: project.name,
    total: project.total,
    sold: project.statusCounts.sold,
    reserved: project.statusCounts.reserved,
    sellThrough: project.sellThrough,
  })),
});

export const statusMixTable = (data: InsightsData): InsightsTable => ({
  columns: [
    { key: 'project', label: 'Project' },
    ...UNIT_STATUSES.map((status) => ({ key: status, label: STATUS_LABELS[status] })),
    { key: 'total', label: 'Total' },
  ],
  rows: data.projects.map((project) => ({ project: project.name, ...project.statusCounts, total: project.total })),
});

export const weeklyTable = (data: InsightsData): InsightsTable => ({
  columns: [
    { key: 'week', label: 'Week' },
    { key: 'region', label: 'Region' },
    { key: 'sold', label: 'Sold' },
    { key: 'reserved', label: 'Reserved' },
  ],
  rows: data.weekly.map((row) => ({ week: weekTitle(row.week), region: REGION_LABELS[row.region], sold: row.sold, reserved: row.reserved })),
});

export const priceTable = (data: InsightsData): InsightsTable => ({
  columns: [
    { key: 'region', label: 'Region' },
    { key: 'unitType', label: 'Unit type' },
    { key: 'currency', label: 'Currency' },
    { key: 'units', label: 'Units' },
    { key: 'pricePerSqft', label: 'Average price per sqft' },
  ],
  rows: data.pricePerSqft.map((row) => ({
    region: REGION_LABELS[row.region],
    unitType: row.unitType,
    currency: row.currency,
    units: row.units,
    pricePerSqft: row.pricePerSqft,
  })),
});

/** The weekly chart's rows: one per week, a '{region}.sold' and '{region}.reserved' value per region shown. */
export const weeklyChartRows = (data: InsightsData) => {
  const regions = [...new Set(data.weekly.map((row) => row.region))];
  const rows = data.weeks.map((week) => {
    const row: Record<string, string | number> = { week: weekLabel(week) };
    for (const entry of data.weekly.filter((item) => item.week === week)) {
      row[`${entry.region}Sold`] = entry.sold;
      row[`${entry.region}Reserved`] = entry.reserved;
    }
    return row;
  });
  return { regions, rows };
};

/** The price chart's rows for one currency: one per unit type, a value per region. */
export const priceChartRows = (data: InsightsData, currency: string) => {
  const entries = data.pricePerSqft.filter((row) => row.currency === currency);
  const regions = [...new Set(entries.map((row) => row.region))];
  const rows = [...new Set(entries.map((row) => row.unitType))].map((unitType) => {
    const row: Record<string, string | number> = { unitType };
    for (const entry of entries.filter((item) => item.unitType === unitType)) row[entry.region] = entry.pricePerSqft;
    return row;
  });
  return { regions, rows };
};

export const currenciesOf = (data: InsightsData) => [...new Set(data.pricePerSqft.map((row) => row.currency))].sort();

/** 'insights_sell-through_2026-11-25.csv' */
export const csvFileName = (name: string, date: Date) => `insights_${name}_${date.toISOString().slice(0, 10)}.csv`;

/** A table as CSV text (RFC 4180, formula cells neutralised by toCsv): the header line reads the column labels. */
export const tableCsv = (table: InsightsTable) =>
  toCsv(
    table.rows.map((row) => Object.fromEntries(table.columns.map((column) => [column.label, row[column.key]]))),
    table.columns.map((column) => column.label),
  );
