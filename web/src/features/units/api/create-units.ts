import { useState } from 'react';
import { apiFetch } from '@/lib/api/api-fetch';
import { cacheKeys, useCacheInvalidation } from '@/lib/api/cache-keys';
import { projectUnitsPath, type UnitDetail, type UnitInputBody } from './types';

export interface CreateUnitsArg {
  projectId: number | string;
  units: UnitInputBody[];
  /** E-mail the project's agents about the new units once they are saved (never blocks the save). */
  notifyAgents?: boolean;
}

/** One unit or a whole batch (1 to 50) in ONE request and one transaction on the server. */
export const createUnits = ({ projectId, units, notifyAgents = false }: CreateUnitsArg) =>
  apiFetch<UnitDetail[]>(projectUnitsPath(projectId), { method: 'POST', body: notifyAgents ? { units, notifyAgents } : { units } });

/** Adds units, re-reads the project's list and drops the dashboard counts. */
export const useCreateUnits = () => {
  const { refresh, forget } = useCacheInvalidation();
  const [isCreating, setCreating] = useState(false);
  const run = async (arg: CreateUnitsArg) => {
    setCreating(true);
    try {
      const created = await createUnits(arg);
      await Promise.all([refresh(cacheKeys.projectUnits(arg.projectId)), forget(cacheKeys.projects())]);
      return created;
    } finally {
      setCreating(false);
    }
  };
  return { createUnits: run, isCreating };
};
