import { INSIGHTS_PATH, type InsightsData, type InsightsRegion } from '@repo/types';
import useSWR from 'swr';
import { apiFetch } from '@/lib/api/api-fetch';

export interface InsightsFilters {
  /** '' for every project. */
  projectId: string;
  /** '' for every region. */
  region: '' | InsightsRegion;
}

export const insightsPath = ({ projectId, region }: InsightsFilters) => {
  const query = new URLSearchParams();
  if (projectId) query.set('projectId', projectId);
  if (region) query.set('region', region);
  const text = query.toString();
  return text ? `${INSIGHTS_PATH}?${text}` : INSIGHTS_PATH;
};

/** GET /insights: every figure of the tab in one request, computed by the server's database. */
export const useInsights = (filters: InsightsFilters) => {
  const path = insightsPath(filters);
  const { data, error, isLoading, mutate } = useSWR(`insights:${path}`, () => apiFetch<InsightsData>(path), { keepPreviousData: true });
  return { data, error: error as unknown, isLoading, retry: () => void mutate() };
};
