import { screens } from './app/routes/screens';
import { cacheKeys, holdsPersistedEntry } from './lib/api/cache-names';

/**
 * The portal's first module: index.html names it before main.tsx, and it runs first in the main
 * chunk, before React, Chakra and the app are evaluated (about a second on a phone, issue #26). What
 * the opened screen needs goes out now instead of after that second: the screen's own code
 * (screens.ts: the router's lazy load then finds it under way), and the GETs it opens with, whose
 * answers api-fetch takes rather than asking again (lib/api/api-fetch.ts, takeEarly).
 *
 * It imports screens.ts and cache-names.ts alone, which import nothing; the paths are the router's and the API's as
 * api-fetch writes them (early.test.ts holds them to router.tsx and the features).
 */

/** One early GET: when it was sent (performance.now()) and its answer. */
export interface EarlyRequest {
  sentAt: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    /** The early GETs by URL, taken (and removed) by api-fetch. */
    portalEarlyRequests?: Map<string, EarlyRequest>;
  }
}

/** Who is signed in: every screen asks (the session provider wraps them all). */
const ME = '/api/portal-auth/me';
/** The projects with their counts: the dashboards' Properties, Sold Units and Insights tabs; a project page's project and units under it. */
const PROJECTS = '/api/projects';

/** The path as the router matches it: a trailing slash does not change the screen. */
const routePath = (pathname: string) => pathname.replace(/\/+$/, '');

/** A project page's project and units, and a unit page's unit, by the id in the path. */
const PROJECT_PAGE = /^\/(?:admin|agent)\/projects\/([^/]+)$/;
const UNIT_PAGE = /^\/(?:admin|agent)\/units\/([^/]+)$/;

/**
 * The GETs a first visit of `pathname` opens with. A project's units list the tab already holds is
 * left to the screen: it shows the held copy at once and revalidates it with its ETag, a 304 instead
 * of the whole list again (features/units/api/get-project-units.ts).
 */
export const earlyRequestPaths = (pathname: string): string[] => {
  const path = routePath(pathname);
  const dashboard = path === '/admin/dashboard' || path === '/agent/dashboard' || path === '/admin/sold-units-manager';
  if (dashboard) return [ME, PROJECTS];
  const project = PROJECT_PAGE.exec(path)?.[1];
  if (project) {
    const units = holdsPersistedEntry(cacheKeys.projectUnits(project)) ? [] : [`${PROJECTS}/${project}/units`];
    return [ME, `${PROJECTS}/${project}`, ...units];
  }
  const unit = UNIT_PAGE.exec(path)?.[1];
  if (unit) return [ME, `/api/units/${unit}`];
  return [ME];
};

const ID = '[^/]+';
/** The signed-in screens by path, as router.tsx routes them. */
const SCREENS: ReadonlyArray<[RegExp, () => Promise<unknown>]> = [
  [/^\/admin\/(dashboard|settings|sold-units-manager)$/, screens.adminDashboard],
  [new RegExp(`^/admin/projects/${ID}$`), screens.adminProject],
  [new RegExp(`^/admin/projects/${ID}/unit-images$`), screens.adminUnitImages],
  [new RegExp(`^/admin/units/${ID}$`), screens.adminUnit],
  [/^\/agent\/(dashboard|settings)$/, screens.agentDashboard],
  [new RegExp(`^/agent/projects/${ID}$`), screens.agentProject],
  [new RegExp(`^/agent/units/${ID}$`), screens.agentUnit],
];

/** The code of the screen at `pathname`, if it is a signed-in one. */
export const earlyScreen = (pathname: string) => SCREENS.find(([pattern]) => pattern.test(routePath(pathname)))?.[1] ?? null;

const sendEarly = () => {
  // A failure is left to the route's own load, which shows it.
  earlyScreen(window.location.pathname)?.().catch(() => undefined);
  const requests = new Map<string, EarlyRequest>();
  for (const url of earlyRequestPaths(window.location.pathname)) {
    const response = fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
    // Not taken (the screen did not ask after all), a failure is nobody's: api-fetch asks afresh.
    response.catch(() => undefined);
    requests.set(url, { sentAt: performance.now(), response });
  }
  window.portalEarlyRequests = requests;
};

sendEarly();
