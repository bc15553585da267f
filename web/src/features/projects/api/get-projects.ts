import useSWR from 'swr';
import { apiFetch } from '@/lib/api/api-fetch';
import { cacheKeys } from '@/lib/api/cache-keys';
import { PROJECTS_PATH, type ProjectCard } from './types';

/** The spec's key for the list of all projects (spec §7: projects_ all). */
export const projectsKey = cacheKeys.projects;

/** Every project the viewer may see, with its counts, in one request (the server filters for agents). */
export const getProjects = () => apiFetch<ProjectCard[]>(PROJECTS_PATH);

export const useProjects = () => {
  const { data, error, isLoading } = useSWR(projectsKey(), getProjects);
  return { projects: data ?? [], error: error as unknown, isLoading };
};
