import { IMAGE_PATHS } from '@repo/types';
import useSWR from 'swr';
import { apiFetch } from '@/lib/api/api-fetch';
import type { ImageUnit } from './types';

/** Not one of the spec's persisted families: the screen always reads the images fresh. */
export const imageUnitsKey = (projectId: number | string) => ['unit-images', String(projectId)] as const;

/** The project's units with their card fields, images and sharing flags, in one request. */
export const getImageUnits = (projectId: number | string) => apiFetch<ImageUnit[]>(IMAGE_PATHS.list(projectId));

const NO_UNITS: ImageUnit[] = [];

export const useImageUnits = (projectId: number | string) => {
  const { data, error, isLoading, mutate } = useSWR(imageUnitsKey(projectId), () => getImageUnits(projectId));
  return { units: data ?? NO_UNITS, error: error as unknown, isLoading, mutate };
};
