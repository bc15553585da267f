import { AUTH_PATHS } from '@repo/types';
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { screens } from '@/app/routes/screens';
import { PROJECTS_PATH, projectPath } from '@/features/projects/api/types';
import { projectUnitsPath, unitPath } from '@/features/units/api/types';
import { cacheKeys, PERSISTED_ENTRY_PREFIX } from '@/lib/api/cache-names';
import { API_BASE, apiFetch, apiFetchConditional, EARLY_REQUEST_MAX_AGE_MS } from '@/lib/api/api-fetch';
import { earlyRequestPaths, earlyScreen, type EarlyRequest } from '../early';

const ME = `${API_BASE}${AUTH_PATHS.me}`;
const PROJECTS = `${API_BASE}${PROJECTS_PATH}`;

/** The screen a route's element starts loading as it opens (router.tsx's LoadEarly), or null. */
const loadOf = (node: ReactNode): unknown => {
  if (!isValidElement(node)) return null;
  const { load, children } = (node as ReactElement<{ load?: unknown; children?: ReactNode }>).props;
  if (typeof load === 'function') return load;
  for (const child of ([] as ReactNode[]).concat(children ?? [])) {
    const found = loadOf(child);
    if (found) return found;
  }
  return null;
};

const routed = (list: RouteObject[]): RouteObject[] => list.flatMap((route) => [route, ...routed(route.children ?? [])]);

describe('the first module (early.ts)', () => {
  afterEach(() => window.sessionStorage.clear());

  it('loads the code of the screen the router opens at every path, and none on the public ones', () => {
    const paths = routed(routes).filter((route) => route.path && route.path !== '*');
    expect(paths.filter((route) => loadOf(route.element)).length).toBeGreaterThanOrEqual(10);
    for (const route of paths) {
      const pathname = route.path!.replace(/:[A-Za-z]+/g, '42');
      expect(earlyScreen(pathname), pathname).toBe(loadOf(route.element) ?? null);
      expect(earlyScreen(`${pathname}/`), `${pathname}/`).toBe(loadOf(route.element) ?? null);
    }
    expect(earlyScreen('/admin/projects/42/unknown')).toBeNull();
    expect(earlyScreen('/admin/dashboard')).toBe(screens.adminDashboard);
  });

  it("asks for who is signed in everywhere, and for what a screen opens with, at the API's paths", () => {
    expect(earlyRequestPaths('/')).toEqual([ME]);
    expect(earlyRequestPaths('/admin/login')).toEqual([ME]);
    for (const path of ['/admin/dashboard', '/agent/dashboard', '/admin/sold-units-manager', '/agent/dashboard/'])
      expect(earlyRequestPaths(path), path).toEqual([ME, PROJECTS]);
    // A project page: the project and its units, as the features' GETs write them.
    for (const path of ['/admin/projects/3', '/agent/projects/3', '/agent/projects/3/'])
      expect(earlyRequestPaths(path), path).toEqual([ME, `${API_BASE}${projectPath(3)}`, `${API_BASE}${projectUnitsPath(3)}`]);
    for (const path of ['/admin/units/7', '/agent/units/7/']) expect(earlyRequestPaths(path), path).toEqual([ME, `${API_BASE}${unitPath(7)}`]);
    // The unit images page opens with other GETs; a path the router does not know asks for no data.
    expect(earlyRequestPaths('/admin/projects/3/unit-images')).toEqual([ME]);
    expect(earlyRequestPaths('/agent/projects/3/units')).toEqual([ME]);
    expect(earlyRequestPaths('/agent/units')).toEqual([ME]);
  });

  it('leaves a units list the tab holds to the screen, which revalidates it with its ETag (a 304)', () => {
    window.sessionStorage.setItem(
      `${PERSISTED_ENTRY_PREFIX}${cacheKeys.projectUnits(3)}`,
      JSON.stringify({ storedAt: Date.now(), data: { units: [], etag: '"e"' } }),
    );
    expect(earlyRequestPaths('/agent/projects/3')).toEqual([ME, `${API_BASE}${projectPath(3)}`]);
    expect(earlyRequestPaths('/agent/projects/4')).toEqual([ME, `${API_BASE}${projectPath(4)}`, `${API_BASE}${projectUnitsPath(4)}`]);
  });

  it('sends them as the page loads, with the session cookie, before the app asks', async () => {
    window.history.pushState({}, '', '/agent/dashboard');
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    vi.resetModules();
    await import('../early');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([ME, PROJECTS]);
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ credentials: 'same-origin' });
    expect([...(window.portalEarlyRequests?.keys() ?? [])]).toEqual([ME, PROJECTS]);
  });
});

describe("api-fetch and the early GETs' answers", () => {
  const early = (entries: Record<string, Partial<EarlyRequest>>) => {
    window.portalEarlyRequests = new Map(
      Object.entries(entries).map(([url, request]) => [url, { sentAt: performance.now(), response: Promise.resolve(new Response('{}')), ...request }]),
    );
  };
  const json = (body: unknown, init: ResponseInit = {}) => Promise.resolve(new Response(JSON.stringify(body), { status: 200, ...init }));

  afterEach(() => {
    window.portalEarlyRequests = undefined;
  });

  it('the first GET of a URL takes its early answer; the next asks the server', async () => {
    early({ [PROJECTS]: { response: json({ data: [{ id: 1 }] }) } });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: [{ id: 2 }] })));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiFetch(PROJECTS_PATH)).resolves.toEqual([{ id: 1 }]);
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(apiFetch(PROJECTS_PATH)).resolves.toEqual([{ id: 2 }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('serves a conditional GET with the full answer and its validator', async () => {
    early({ [PROJECTS]: { response: json({ data: [] }, { headers: { ETag: 'W/"v1"' } }) } });
    vi.stubGlobal('fetch', vi.fn());
    await expect(apiFetchConditional(PROJECTS_PATH, { ifNoneMatch: 'W/"v0"' })).resolves.toEqual({ notModified: false, data: [], etag: 'W/"v1"' });
  });

  it('an early 401 tells the session, as any 401 does', async () => {
    early({ [ME]: { response: json({ error: { status: 401, message: 'Not signed in' } }, { status: 401 }) } });
    vi.stubGlobal('fetch', vi.fn());
    await expect(apiFetch(AUTH_PATHS.me)).rejects.toMatchObject({ status: 401 });
  });

  it('asks afresh when the early answer is stale, failed, or forgotten by a write', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ fresh: true })));
    vi.stubGlobal('fetch', fetchMock);

    early({ [ME]: { sentAt: performance.now() - EARLY_REQUEST_MAX_AGE_MS - 1, response: json({ stale: true }) } });
    await expect(apiFetch(AUTH_PATHS.me)).resolves.toEqual({ fresh: true });

    early({ [ME]: { response: Promise.reject(new TypeError('Failed to fetch')) } });
    await expect(apiFetch(AUTH_PATHS.me)).resolves.toEqual({ fresh: true });

    // A sign-in between the page's load and the screen's first GET: the early answer (a 401) is not the session's any more.
    early({ [PROJECTS]: { response: json({ error: { status: 401 } }, { status: 401 }) } });
    await apiFetch('/portal-auth/login', { method: 'POST', body: {} });
    await expect(apiFetch(PROJECTS_PATH)).resolves.toEqual({ fresh: true });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});
