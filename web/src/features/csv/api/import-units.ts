import type { ImportResult } from '@repo/types';
import { useState } from 'react';
import { cacheKeys, useCacheInvalidation } from '@/lib/api/cache-keys';
import { apiUpload } from '@/lib/api/api-upload';

export const importPath = (projectId: number | string) => `/projects/${projectId}/units/import`;

export interface ImportUnitsArg {
  projectId: number | string;
  file: File;
  /** Import the valid rows and report the others, instead of refusing the whole file. */
  skipInvalid: boolean;
  notifyAgents: boolean;
}

export type ImportProgress = { phase: 'idle' } | { phase: 'uploading'; percent: number } | { phase: 'importing' };

/**
 * The whole file in ONE multipart request; the server parses and checks it again and writes it in
 * one transaction. Progress: the upload in percent, then the server's work.
 */
export const useImportUnits = (projectId: number | string) => {
  const { refresh, forget } = useCacheInvalidation();
  const [progress, setProgress] = useState<ImportProgress>({ phase: 'idle' });
  const run = async ({ file, skipInvalid, notifyAgents }: Omit<ImportUnitsArg, 'projectId'>) => {
    const form = new FormData();
    form.append('file', file, file.name);
    if (skipInvalid) form.append('skipInvalid', 'true');
    if (notifyAgents) form.append('notifyAgents', 'true');
    setProgress({ phase: 'uploading', percent: 0 });
    try {
      const result = await apiUpload<ImportResult>(importPath(projectId), form, {
        onProgress: (percent) => setProgress(percent < 100 ? { phase: 'uploading', percent } : { phase: 'importing' }),
      });
      await Promise.all([refresh(cacheKeys.projectUnits(projectId)), forget(cacheKeys.projects(), cacheKeys.project(projectId))]);
      return result;
    } finally {
      setProgress({ phase: 'idle' });
    }
  };
  return { importUnits: run, progress };
};
