import type { SessionProfile } from '@repo/types';
import { vi } from 'vitest';

/**
 * A fake server at the network boundary: tests stub global fetch with a route table, the app runs
 * unchanged above it. Keys are 'METHOD /path' relative to /api, without the query string.
 */
export interface ApiRequest {
  method: string;
  path: string;
  query: string;
  body: unknown;
  credentials?: RequestCredentials;
  headers: Record<string, string>;
  /** The multipart body of an upload, when the request sent one. */
  formData?: FormData;
}

export interface MockResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type RouteHandler = MockResponse | ((request: ApiRequest) => MockResponse | Promise<MockResponse>);

export const ok = (body: unknown, status = 200): MockResponse => ({ status, body });
export const noContent = (): MockResponse => ({ status: 204 });

/** Strapi's error envelope, with validation errors in details.errors when given. */
export const apiError = (status: number, message: string, fieldErrors: Record<string, string> = {}): MockResponse => ({
  status,
  body: {
    data: null,
    error: {
      status,
      name: status === 400 ? 'ValidationError' : 'ApplicationError',
      message,
      details: { errors: Object.entries(fieldErrors).map(([field, fieldMessage]) => ({ path: [field], message: fieldMessage })) },
    },
  },
});

/** A request that never answers, for loading states. */
export const pending = (): Promise<MockResponse> => new Promise(() => undefined);

const toResponse = ({ status = 200, body, headers = {} }: MockResponse) =>
  new Response(status === 204 || status === 304 || body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
  });

export const mockApi = (routes: Record<string, RouteHandler> = {}) => {
  const table: Record<string, RouteHandler> = { 'GET /portal-auth/me': apiError(401, 'You are not signed in'), ...routes };
  const requests: ApiRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://portal.test');
    const path = url.pathname.replace(/^\/api/, '');
    const request: ApiRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path,
      query: url.search,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      credentials: init.credentials,
      headers: { ...((init.headers as Record<string, string> | undefined) ?? {}) },
      formData: init.body instanceof FormData ? init.body : undefined,
    };
    requests.push(request);
    const handler = table[`${request.method} ${path}`];
    if (!handler) return toResponse(apiError(404, `No mock for ${request.method} ${path}`));
    return toResponse(typeof handler === 'function' ? await handler(request) : handler);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    requests,
    /** The requests made to one route, e.g. calls('POST /portal-auth/login'). */
    calls: (route: string) => requests.filter((request) => `${request.method} ${request.path}` === route),
    /** Changes or adds a route while the test runs. */
    set: (route: string, handler: RouteHandler) => {
      table[route] = handler;
    },
  };
};

export const makeProfile = (overrides: Partial<SessionProfile> = {}): SessionProfile => ({
  id: 1,
  email: 'admin@demo.test',
  displayName: 'Amira Haddad',
  firstName: 'Amira',
  lastName: 'Haddad',
  phoneNumber: '+97150000001',
  role: 'admin',
  agentType: null,
  region: null,
  visibleProjects: null,
  twoFactorEnabled: false,
  twoFactorMethod: null,
  phoneVerified: false,
  phoneVerificationPending: false,
  lastLogin: null,
  lastTwoFactorVerification: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  revision: 1,
  ...overrides,
});

export const makeAgent = (overrides: Partial<SessionProfile> = {}): SessionProfile =>
  makeProfile({
    id: 2,
    email: 'dubai.agent@demo.test',
    displayName: 'Omar Saeed',
    firstName: 'Omar',
    lastName: 'Saeed',
    phoneNumber: '+97150000002',
    role: 'agent',
    agentType: 'dubai',
    region: 'dubai',
    ...overrides,
  });
