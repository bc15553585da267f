/** The unit shapes are the API contract's (types/src/api/units.ts). */
export type { UnitDetail, UnitHistoryAction, UnitHistoryEntry, UnitListItem } from '@repo/types';

/** What the unit forms send (a UnitInput of '@repo/types', before normalising). */
export type UnitInputBody = Record<string, unknown>;

export const projectUnitsPath = (projectId: number | string) => `/projects/${projectId}/units`;
export const unitPath = (id: number | string) => `/units/${id}`;
