import type { UnitImage, UnitStatus } from '@repo/types';
import useSWR from 'swr';
import { apiFetch } from '../../../lib/api/api-fetch';
import type { ImageUnit } from './types';

/** Not one of the spec's persisted families: the screen always reads the images fresh. */
export const imageUnitsKey = (projectId: number | string) => ['unit-images', String(projectId)] as const;

interface UnitRow {
  id: number;
  unitNumber: string;
  unitType: string | null;
  status: UnitStatus;
  bedrooms: number | null;
  floor: string | null;
  images?: UnitImage[];
  isImageSource?: boolean;
  isSourceUnit?: boolean;
  useSharedImages?: boolean;
  sharedImagesUnitId?: number | string | null;
}

const toImageUnit = (row: UnitRow): ImageUnit => ({
  id: row.id,
  unitNumber: row.unitNumber,
  unitType: row.unitType,
  status: row.status,
  bedrooms: row.bedrooms,
  floor: row.floor,
  images: row.images ?? [],
  isImageSource: row.isImageSource === true,
  isSourceUnit: row.isSourceUnit === true,
  useSharedImages: row.useSharedImages === true,
  sharedImagesUnitId: row.sharedImagesUnitId === null || row.sharedImagesUnitId === undefined ? null : String(row.sharedImagesUnitId),
});

// Few at a time: a project's units are read one by one only when its list lacks the images.
const PARALLEL_READS = 6;

const withImages = async (rows: UnitRow[]): Promise<UnitRow[]> => {
  const result = [...rows];
  const missing = rows.map((row, index) => (Array.isArray(row.images) ? -1 : index)).filter((index) => index >= 0);
  for (let start = 0; start < missing.length; start += PARALLEL_READS) {
    const batch = missing.slice(start, start + PARALLEL_READS);
    const details = await Promise.all(batch.map((index) => apiFetch<UnitRow>(`/units/${rows[index].id}`)));
    batch.forEach((index, position) => {
      result[index] = details[position];
    });
  }
  return result;
};

/**
 * The project's units with their images and sharing flags. The list route carries them when the
 * server includes them; units whose row lacks them are read from GET /units/:id.
 */
export const getImageUnits = async (projectId: number | string): Promise<ImageUnit[]> => {
  const rows = await apiFetch<UnitRow[]>(`/projects/${projectId}/units`);
  return (await withImages(rows)).map(toImageUnit);
};

const NO_UNITS: ImageUnit[] = [];

export const useImageUnits = (projectId: number | string) => {
  const { data, error, isLoading, mutate } = useSWR(imageUnitsKey(projectId), () => getImageUnits(projectId));
  return { units: data ?? NO_UNITS, error: error as unknown, isLoading, mutate };
};
