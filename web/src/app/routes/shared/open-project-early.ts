import { useCallback, type SyntheticEvent } from 'react';
import { preload, useSWRConfig } from 'swr';
import { getProject, projectKey } from '@/features/projects/api/get-project';
import { getProjectUnits, projectUnitsKey } from '@/features/units/api/get-project-units';
import { screens } from '../screens';

const PROJECT_HREF = /^\/(admin|agent)\/projects\/(\d+)$/;

const projectOf = (event: SyntheticEvent) => {
  const href = event.target instanceof Element ? event.target.closest('a[href]')?.getAttribute('href') : null;
  const match = href ? PROJECT_HREF.exec(href) : null;
  return match ? { role: match[1] as 'admin' | 'agent', id: match[2] } : null;
};

const settle = (promise: Promise<unknown>) => void promise.catch(() => undefined);

/**
 * Opens a project screen sooner (issue #26, the cold click): on a click of a link to a project (a
 * key press on it included), the project and its unit list are requested at once, while the screen's
 * code loads, instead of once that code has run; the screen's own hooks take these requests over
 * (SWR's preload). A pointer pressed on such a link starts loading the code only: the data waits for
 * the click, so a press that ends elsewhere leaves nothing behind.
 *
 * A list already held is left to the screen, which revalidates it with its ETag (a 304).
 * Returns the handlers to put on an element around the links (they are read by delegation).
 */
export const useOpenProjectEarly = () => {
  const { cache } = useSWRConfig();
  const loadCode = useCallback((event: SyntheticEvent) => {
    const project = projectOf(event);
    if (project) settle(project.role === 'admin' ? screens.adminProject() : screens.agentProject());
  }, []);
  const loadAll = useCallback(
    (event: SyntheticEvent) => {
      const project = projectOf(event);
      if (!project) return;
      loadCode(event);
      const unitsKey = projectUnitsKey(project.id);
      if (cache.get(unitsKey)?.data === undefined) settle(preload(unitsKey, () => getProjectUnits(project.id, null)));
      const key = projectKey(project.id);
      if (cache.get(key)?.data === undefined) settle(preload(key, () => getProject(project.id)));
    },
    [cache, loadCode],
  );
  return { onPointerDownCapture: loadCode, onClickCapture: loadAll };
};
