import { Chart, useChart } from '@chakra-ui/charts';
import { Stack, Text } from '@chakra-ui/react';
import { UNIT_STATUSES, type InsightsData, type InsightsRegion } from '@repo/types';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { priceChartRows, REGION_LABELS, STATUS_LABELS, weeklyChartRows } from '../utils/insights-tables';

/**
 * The Insights tab's drawings, with Chakra UI's charts package (Recharts underneath, the theme's
 * tokens for both color modes). Each sits in a ChartCard whose table carries the same numbers for
 * screen readers, so these are hidden from assistive technology.
 */

// The spec's badge colours (available green, sold grey, reserved yellow, unavailable red, occupied blue).
const STATUS_COLORS = { available: 'green.500', sold: 'gray.500', reserved: 'yellow.400', unavailable: 'red.500', occupied: 'blue.500' } as const;
const REGION_COLORS: Record<InsightsRegion, { sold: string; reserved: string }> = {
  dubai: { sold: 'teal.600', reserved: 'teal.300' },
  doha: { sold: 'purple.600', reserved: 'purple.300' },
  other: { sold: 'gray.600', reserved: 'gray.400' },
};
const CHART_HEIGHT = { base: '64', md: '72' } as const;
const FILL = { width: '100%', height: '100%' } as const;
const shortName = (name: string) => (name.length > 14 ? `${name.slice(0, 13)}…` : name);

export const SellThroughChart = ({ data }: { data: InsightsData }) => {
  const chart = useChart({
    data: data.projects.map((project) => ({ name: project.name, sellThrough: project.sellThrough ?? 0 })),
    series: [{ name: 'sellThrough', label: 'Sell-through (%)', color: 'teal.600' }],
  });
  return (
    <Chart.Root chart={chart} aspectRatio="auto" h={CHART_HEIGHT}>
      <BarChart responsive style={FILL} data={chart.data} accessibilityLayer={false}>
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis dataKey={chart.key('name')} tickFormatter={shortName} axisLine={false} tickLine={false} stroke={chart.color('fg.muted')} />
        <YAxis domain={[0, 100]} tickFormatter={(value: number) => `${value}%`} axisLine={false} tickLine={false} stroke={chart.color('fg.muted')} width={44} />
        <Tooltip cursor={{ fill: chart.color('bg.muted') }} animationDuration={100} content={<Chart.Tooltip />} />
        {chart.series.map((item) => (
          <Bar key={String(item.name)} isAnimationActive={false} dataKey={chart.key(item.name)} fill={chart.color(item.color)} radius={[4, 4, 0, 0]} />
        ))}
      </BarChart>
    </Chart.Root>
  );
};

export const StatusMixChart = ({ data }: { data: InsightsData }) => {
  const chart = useChart({
    data: data.projects.map((project) => ({ name: project.name, ...project.statusCounts })),
    series: UNIT_STATUSES.map((status) => ({ name: status, label: STATUS_LABELS[status], color: STATUS_COLORS[status], stackId: 'mix' })),
  });
  return (
    <Chart.Root chart={chart} aspectRatio="auto" h={CHART_HEIGHT}>
      <BarChart responsive style={FILL} data={chart.data} accessibilityLayer={false}>
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis dataKey={chart.key('name')} tickFormatter={shortName} axisLine={false} tickLine={false} stroke={chart.color('fg.muted')} />
        <YAxis allowDecimals={false} axisLine={false} tickLine={false} stroke={chart.color('fg.muted')} width={44} />
        <Tooltip cursor={{ fill: chart.color('bg.muted') }} animationDuration={100} content={<Chart.Tooltip />} />
        <Legend content={<Chart.Legend />} />
        {chart.series.map((item) => (
          <Bar key={String(item.name)} isAnimationActive={false} dataKey={chart.key(item.name)} fill={chart.color(item.color)} stackId={item.stackId} />
        ))}
      </BarChart>
    </Chart.Root>
  );
};

export const WeeklyChart = ({ data }: { data: InsightsData }) => {
  const { regions, rows } = weeklyChartRows(data);
  const chart = useChart({
    data: rows,
    series: regions.flatMap((region) => [
      { name: `${region}Sold`, label: `${REGION_LABELS[region]}: sold`, color: REGION_COLORS[region].sold, stackId: region },
      { name: `${region}Reserved`, label: `${REGION_LABELS[region]}: reserved`, color: REGION_COLORS[region].reserved, stackId: region },
    ]),
  });
  return (
    <Chart.Root chart={chart} aspectRatio="auto" h={CHART_HEIGHT}>
      <BarChart responsive style={FILL} data={chart.data} accessibilityLayer={false}>
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis dataKey={chart.key('week')} axisLine={false} tickLine={false} stroke={chart.color('fg.muted')} />
        <YAxis allowDecimals={false} axisLine={false} tickLine={false} stroke={chart.color('fg.muted')} width={36} />
        <Tooltip cursor={{ fill: chart.color('bg.muted') }} animationDuration={100} content={<Chart.Tooltip />} />
        <Legend content={<Chart.Legend />} />
        {chart.series.map((item) => (
          <Bar key={String(item.name)} isAnimationActive={false} dataKey={chart.key(item.name)} fill={chart.color(item.color)} stackId={item.stackId} />
        ))}
      </BarChart>
    </Chart.Root>
  );
};

const PriceChart = ({ data, currency }: { data: InsightsData; currency: string }) => {
  const { regions, rows } = priceChartRows(data, currency);
  const chart = useChart({
    data: rows,
    series: regions.map((region) => ({ name: region, label: REGION_LABELS[region], color: REGION_COLORS[region].sold })),
  });
  return (
    <Chart.Root chart={chart} aspectRatio="auto" h={CHART_HEIGHT}>
      <BarChart responsive style={FILL} data={chart.data} accessibilityLayer={false}>
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis dataKey={chart.key('unitType')} tickFormatter={shortName} axisLine={false} tickLine={false} stroke={chart.color('fg.muted')} />
        <YAxis tickFormatter={chart.formatNumber({ notation: 'compact' })} axisLine={false} tickLine={false} stroke={chart.color('fg.muted')} width={48} />
        <Tooltip cursor={{ fill: chart.color('bg.muted') }} animationDuration={100} content={<Chart.Tooltip />} />
        <Legend content={<Chart.Legend />} />
        {chart.series.map((item) => (
          <Bar key={String(item.name)} isAnimationActive={false} dataKey={chart.key(item.name)} fill={chart.color(item.color)} radius={[4, 4, 0, 0]} />
        ))}
      </BarChart>
    </Chart.Root>
  );
};

/** One chart per currency: AED and QAR amounts never share an axis, let alone an average. */
export const PricePerSqftCharts = ({ data, currencies }: { data: InsightsData; currencies: readonly string[] }) => (
  <Stack gap="4">
    {currencies.map((currency) => (
      <Stack key={currency} gap="1">
        <Text fontWeight="medium" textStyle="sm">
          {currency} per sqft
        </Text>
        <PriceChart data={data} currency={currency} />
      </Stack>
    ))}
  </Stack>
);
