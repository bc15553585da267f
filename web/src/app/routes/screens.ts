/**
 * One load of a screen's module, shared by everyone who asks while it is under way or done: the
 * route's early load, the lazy component and the idle prefetch get the same promise, and so the
 * module only once it has run. A failed load is forgotten, so the next ask tries again.
 */
const once = <T>(load: () => Promise<T>) => {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
};

/**
 * Where the signed-in screens' code comes from: each is a chunk of its own, loaded on demand, so the
 * first screen (landing and login) stays small. One list for the router and for prefetching.
 */
export const screens = {
  adminDashboard: once(() => import('./admin/dashboard')),
  agentDashboard: once(() => import('./agent/dashboard')),
  adminProject: once(() => import('./admin/project')),
  agentProject: once(() => import('./agent/project')),
  adminUnit: once(() => import('./admin/unit')),
  adminUnitImages: once(() => import('./admin/unit-images')),
  agentUnit: once(() => import('./agent/unit')),
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
