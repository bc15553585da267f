import type { Market } from '@repo/types';
import useSWR from 'swr';
import { apiFetch } from '@/lib/api/api-fetch';

/** What the Project Access checklist needs of a project. */
export interface ProjectOption {
  id: number;
  name: string;
  location: string | null;
  visibleTo: Market[] | null;
}

/** A projects_ key of its own: the dashboard's project list will hold a different shape. */
export const projectOptionsKey = () => 'projects_access-options';

// Every project the admin may assign, sorted by name by the server, in one request.
const PROJECTS_PATH = '/projects';

export const getProjectOptions = () => apiFetch<ProjectOption[]>(PROJECTS_PATH);

export const useProjectOptions = () => {
  const { data, error, isLoading } = useSWR(projectOptionsKey(), getProjectOptions);
  return { projects: data ?? [], error: error as unknown, isLoading };
};
