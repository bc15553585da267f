import { Button, Field, HStack, NativeSelect, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { INSIGHTS_MESSAGES, INSIGHTS_REGIONS, type InsightsRegion } from '@repo/types';
import { useState } from 'react';
import { errorMessage } from '@/lib/api/api-error';
import { InlineError } from '@/components/feedback/inline-error';
import { InlineSpinner } from '@/components/feedback/inline-spinner';
import { ProjectSelect } from '@/components/forms/project-select';
import { useInsights, type InsightsFilters } from '../api/get-insights';
import { currenciesOf, percentText, priceTable, REGION_LABELS, sellThroughTable, statusMixTable, weeklyTable } from '../utils/insights-tables';
import { ChartCard } from './chart-card';
import { PricePerSqftCharts, SellThroughChart, StatusMixChart, WeeklyChart } from './insights-charts';

export interface InsightsPanelProps {
  /** The projects of the project filter (the dashboard's list). */
  projects: readonly { id: number; name: string }[];
}

const amount = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The admins' Insights tab (issue #28 item 7): filters, then four charts, each with its table and CSV. */
export const InsightsPanel = ({ projects }: InsightsPanelProps) => {
  const [filters, setFilters] = useState<InsightsFilters>({ projectId: '', region: '' });
  const { data, error, isLoading, retry } = useInsights(filters);
  const currencies = data ? currenciesOf(data) : [];

  return (
    <Stack gap="5">
      <HStack gap="3" align="end" wrap="wrap">
        <Field.Root flex="1" minW="48" maxW={{ md: 'xs' }}>
          <Field.Label>Project</Field.Label>
          <ProjectSelect projects={projects} value={filters.projectId} onValueChange={(projectId) => setFilters({ ...filters, projectId })} />
        </Field.Root>
        <Field.Root flex="1" minW="40" maxW={{ md: '2xs' }}>
          <Field.Label>Region</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={filters.region}
              onChange={(event) => setFilters({ ...filters, region: event.target.value as InsightsFilters['region'] })}
            >
              <option value="">All regions</option>
              {INSIGHTS_REGIONS.map((region: InsightsRegion) => (
                <option key={region} value={region}>
                  {REGION_LABELS[region]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {isLoading && data && <Spinner size="sm" aria-label="Updating insights" mb="2" />}
      </HStack>

      {error !== undefined && !data ? (
        <Stack gap="3" align="start">
          <InlineError title={INSIGHTS_MESSAGES.loadFailed} message={errorMessage(error, 'Please try again.')} />
          <Button size="sm" variant="outline" onClick={retry}>
            Try again
          </Button>
        </Stack>
      ) : !data ? (
        <InlineSpinner label="Loading insights..." />
      ) : data.projects.length === 0 ? (
        <Text color="fg.muted" py="10" textAlign="center" role="status">
          No projects match these filters.
        </Text>
      ) : (
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
          <ChartCard
            title="Sell-through by project"
            description="Sold and reserved units as a share of all units."
            table={sellThroughTable(data)}
            csvName="sell-through"
            emptyText="No projects."
            format={(key, value) => (key === 'sellThrough' ? percentText(value as number | null) : value === null ? '–' : String(value))}
          >
            <SellThroughChart data={data} />
          </ChartCard>
          <ChartCard
            title="Status mix by project"
            description="Units of each status."
            table={statusMixTable(data)}
            csvName="status-mix"
            emptyText="No projects."
          >
            <StatusMixChart data={data} />
          </ChartCard>
          <ChartCard
            title="Sold and reserved per week"
            description="Units that became sold or reserved each week over the last 12 weeks, by region."
            table={weeklyTable(data)}
            csvName="weekly-sales"
            empty={data.weekly.every((row) => row.sold + row.reserved === 0)}
            emptyText="No sales or reservations in the last 12 weeks."
          >
            <WeeklyChart data={data} />
          </ChartCard>
          <ChartCard
            title="Average price per sqft"
            description="By unit type and region, in each project's currency (AED, or QAR for projects visible to Doha)."
            table={priceTable(data)}
            csvName="price-per-sqft"
            emptyText="No priced units with an area."
            format={(key, value) => (key === 'pricePerSqft' && typeof value === 'number' ? amount.format(value) : value === null ? '–' : String(value))}
          >
            <PricePerSqftCharts data={data} currencies={currencies} />
          </ChartCard>
        </SimpleGrid>
      )}
    </Stack>
  );
};
