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

/**
 * A project page's GETs: the project and its units. A units list the tab already holds is left to
 * the screen: it shows the held copy at once and revalidates it with its ETag, a 304 instead of the
 * whole list again (features/units/api/get-project-units.ts).
 */
const projectGets = (id: string) => [`${PROJECTS}/${id}`, ...(holdsPersistedEntry(cacheKeys.projectUnits(id)) ? [] : [`${PROJECTS}/${id}/units`])];
const unitGets = (id: string) => [`/api/units/${id}`];
const dashboardGets = () => [PROJECTS];

/** A signed-in page, as router.tsx routes it: its screen's code, and the GETs it opens with (by the id in the path). */
interface Page {
  path: RegExp;
  screen: () => Promise<unknown>;
  gets?: (id: string) => string[];
}

const PAGES: readonly Page[] = [
  { path: /^\/admin\/(?:dashboard|sold-units-manager)$/, screen: screens.adminDashboard, gets: dashboardGets },
  { path: /^\/admin\/settings$/, screen: screens.adminDashboard },
  { path: /^\/admin\/projects\/([^/]+)$/, screen: screens.adminProject, gets: projectGets },
  { path: /^\/admin\/projects\/[^/]+\/unit-images$/, screen: screens.adminUnitImages },
  { path: /^\/admin\/units\/([^/]+)$/, screen: screens.adminUnit, gets: unitGets },
  { path: /^\/agent\/dashboard$/, screen: screens.agentDashboard, gets: dashboardGets },
  { path: /^\/agent\/settings$/, screen: screens.agentDashboard },
  { path: /^\/agent\/projects\/([^/]+)$/, screen: screens.agentProject, gets: projectGets },
  { path: /^\/agent\/units\/([^/]+)$/, screen: screens.agentUnit, gets: unitGets },
];

/** The page at `pathname` and the id in its path, if it is a signed-in one. */
const pageAt = (pathname: string) => {
  const path = routePath(pathname);
  for (const page of PAGES) {
    const match = page.path.exec(path);
    if (match) return { page, id: match[1] };
  }
  return null;
};

/** The GETs a first visit of `pathname` opens with: who is signed in, everywhere, and the page's own. */
export const earlyRequestPaths = (pathname: string): string[] => {
  const found = pageAt(pathname);
  return [ME, ...(found?.page.gets?.(found.id) ?? [])];
};

/** The code of the screen at `pathname`, if it is a signed-in one. */
export const earlyScreen = (pathname: string) => pageAt(pathname)?.page.screen ?? null;

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
