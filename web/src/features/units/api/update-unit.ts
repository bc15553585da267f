import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { apiFetch } from '@/lib/api/api-fetch';
import { cacheKeys, useCacheInvalidation } from '@/lib/api/cache-keys';
import { unitHistoryKey } from './get-unit-history';
import { unitPath, type UnitDetail, type UnitInputBody } from './types';

export interface UpdateUnitArg {
  unit: Pick<UnitDetail, 'id' | 'projectId' | 'unitType' | 'status'>;
  /** Partial UnitInput; `revision` (the value read) turns on the server's stale-write check. */
  input: UnitInputBody & { revision?: number };
}

export const updateUnit = ({ unit, input }: UpdateUnitArg) => apiFetch<UnitDetail>(unitPath(unit.id), { method: 'PUT', body: input });

/**
 * Saves a unit and applies spec §4: the unit and its project's unit list are refreshed; the project
 * too when the unit type changed; the dashboard counts when the status or type changed.
 */
export const useUpdateUnit = () => {
  const { mutate } = useSWRConfig();
  const { forget } = useCacheInvalidation();
  const [isUpdating, setUpdating] = useState(false);
  const run = async (arg: UpdateUnitArg) => {
    setUpdating(true);
    try {
      const saved = await updateUnit(arg);
      await mutate(cacheKeys.unit(saved.id), saved, { revalidate: false });
      const typeChanged = saved.unitType !== arg.unit.unitType;
      const countsChanged = typeChanged || saved.status !== arg.unit.status;
      await Promise.all([
        forget(cacheKeys.projectUnits(arg.unit.projectId)),
        typeChanged ? forget(cacheKeys.project(arg.unit.projectId)) : undefined,
        countsChanged ? forget(cacheKeys.projects()) : undefined,
        mutate(unitHistoryKey(saved.id)),
      ]);
      return saved;
    } finally {
      setUpdating(false);
    }
  };
  return { updateUnit: run, isUpdating };
};
