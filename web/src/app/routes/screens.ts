/**
 * Where the signed-in screens' code comes from: each is a chunk of its own, loaded on demand, so the
 * first screen (landing and login) stays small. One list for the router and for prefetching.
 */
export const screens = {
  adminDashboard: () => import('./admin/dashboard'),
  agentDashboard: () => import('./agent/dashboard'),
  adminProject: () => import('./admin/project'),
  agentProject: () => import('./agent/project'),
  adminUnit: () => import('./admin/unit'),
  adminUnitImages: () => import('./admin/unit-images'),
  agentUnit: () => import('./agent/unit'),
};

/**
 * Loads a screen's code once the browser has nothing else to do, so that opening it later waits for
 * its data only. A failure is left to the real navigation, which shows it.
 */
export const prefetchWhenIdle = (load: () => Promise<unknown>) => {
  const run = () => void load().catch(() => undefined);
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 2_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(run, 200);
  return () => window.clearTimeout(timer);
};
