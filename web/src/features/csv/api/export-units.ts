import type { CsvUnitRow } from '@repo/types';
import { apiFetch } from '@/lib/api/api-fetch';

export const exportPath = (projectId: number | string) => `/projects/${projectId}/units/export`;

/** Every unit of the project with the import's columns, read fresh for each export. */
export const getExportRows = (projectId: number | string) => apiFetch<CsvUnitRow[]>(exportPath(projectId));
