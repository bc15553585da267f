import type { SaleDetails } from '@repo/types';
import useSWR from 'swr';
import { apiFetch } from '../../../lib/api/api-fetch';

export interface SoldUnit {
  id: number;
  unitNumber: string;
  name: string | null;
  projectId: number;
  projectName: string | null;
  price: number | null;
  status: 'sold';
  archived: boolean;
  overdue: boolean;
  updatedAt: string;
  saleDetails: SaleDetails;
}

export interface SoldUnitsQuery {
  archived: boolean;
  overdue: boolean;
}

/** Archived and overdue are narrowed by the server; project and sale status are instant filters on the loaded list. */
export const soldUnitsKey = ({ archived, overdue }: SoldUnitsQuery) => `units_sold?archived=${archived}&overdue=${overdue}`;

export const getSoldUnits = ({ archived, overdue }: SoldUnitsQuery) =>
  apiFetch<SoldUnit[]>(`/sold-units?archived=${archived}&overdue=${overdue}`);

export const useSoldUnits = (query: SoldUnitsQuery) => {
  const { data, error, isLoading, mutate } = useSWR(soldUnitsKey(query), () => getSoldUnits(query));
  return { units: data ?? [], error: error as unknown, isLoading, refresh: mutate };
};
