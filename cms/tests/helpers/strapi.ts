import fs from 'node:fs';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { AUTH_PATHS, SESSION_COOKIE, type LoginResult, type LoginUserType } from '@repo/types';
import { strapiSecrets } from './child-strapi';
import { createTestDatabase, type TestDatabase } from './database';
import { strapiModule } from './strapi-module';

export interface TestServer {
  strapi: Core.Strapi;
  baseUrl: string;
  database: TestDatabase;
  /** The environment this server booted with (secrets included), to boot another on the same data. */
  env: Record<string, string>;
  /** This server's dev outbox (OUTBOX_DIR): sms.jsonl and email.jsonl. */
  outboxDir: string;
  /** Stops the server and drops its database, unless it is kept for a restart. */
  stop: (options?: { keepDatabase?: boolean }) => Promise<void>;
}

export interface StartOptions {
  /** Seed the demo data at boot (default true, as on a first `npm start`). */
  seed?: boolean;
  env?: Record<string, string>;
  /** Boot on an existing database (a restart) instead of a fresh one. */
  database?: TestDatabase;
  /** Serve the built CMS panel from dist/build, as `strapi start` does (default false: the API alone). */
  serveAdminPanel?: boolean;
}

const appDir = path.resolve(__dirname, '..', '..');

type Listener = (...args: unknown[]) => void;

/**
 * Strapi.destroy() calls process.removeAllListeners(), which also drops the test runner's IPC
 * listeners and kills the worker's channel. Keep the listeners that existed before Strapi booted.
 */
const snapshotProcessListeners = () => {
  // Typed as a plain emitter: the event names are whatever the runner registered, not only signals.
  const emitter: NodeJS.EventEmitter = process;
  const saved = emitter.eventNames().map((name) => [name, emitter.listeners(name) as Listener[]] as const);
  return () => {
    for (const [name, listeners] of saved) {
      const present = emitter.listeners(name);
      for (const listener of listeners) if (!present.includes(listener)) emitter.on(name, listener);
    }
  };
};

/**
 * Boots a real Strapi from the compiled CMS on a fresh database (or a given one) and listens on a
 * free loopback port. Each server gets its own outbox directory, so parallel files never read each
 * other's codes.
 */
export const startTestStrapi = async ({ seed = true, env = {}, database: existing, serveAdminPanel = false }: StartOptions = {}): Promise<TestServer> => {
  const database = existing ?? (await createTestDatabase());
  const restoreProcessListeners = snapshotProcessListeners();
  const bootEnv: Record<string, string> = {
    NODE_ENV: 'test',
    STRAPI_TELEMETRY_DISABLED: 'true',
    ...strapiSecrets(),
    AUTH_RATELIMIT_ENABLED: 'false',
    OUTBOX_DIR: env.OUTBOX_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-outbox-')),
    SEED_DEMO: seed ? 'true' : 'false',
    ...database.env,
    ...env,
  };
  Object.assign(process.env, bootEnv);
  const strapi = await strapiModule
    .createStrapi({
      appDir,
      distDir: path.join(appDir, 'dist'),
      autoReload: false,
      serveAdminPanel,
    })
    .load();
  strapi.log.level = 'error';
  await strapi.server.mount();
  await new Promise<void>((resolve) => strapi.server.httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = strapi.server.httpServer.address() as AddressInfo;
  return {
    strapi,
    baseUrl: `http://127.0.0.1:${port}`,
    database,
    env: bootEnv,
    outboxDir: bootEnv.OUTBOX_DIR,
    stop: async ({ keepDatabase = false } = {}) => {
      await strapi.destroy();
      restoreProcessListeners();
      if (keepDatabase) return;
      await database.drop();
      if (path.basename(bootEnv.OUTBOX_DIR).startsWith('portal-outbox-')) fs.rmSync(bootEnv.OUTBOX_DIR, { recursive: true, force: true });
    },
  };
};

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ClientOptions {
  /**
   * Behave like the portal in a browser: keep cookies between requests (the session cookie) and
   * send this server's Origin with writes, as browsers do.
   */
  browser?: boolean;
}

/** The cookies a response sets: name to value, with null for a cookie the response clears. */
export const setCookiesOf = (headers: Headers): Map<string, string | null> => {
  const cookies = new Map<string, string | null>();
  for (const line of headers.getSetCookie()) {
    const [pair, ...attributes] = line.split(';').map((part) => part.trim());
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator);
    const value = pair.slice(separator + 1);
    const expired = attributes.some((attribute) => {
      const [key, argument = ''] = attribute.split('=');
      if (key.toLowerCase() === 'max-age') return Number(argument) <= 0;
      if (key.toLowerCase() === 'expires') return new Date(argument).getTime() <= Date.now();
      return false;
    });
    cookies.set(name, expired || value === '' ? null : value);
  }
  return cookies;
};

/** The raw Set-Cookie line of the session cookie, to check its attributes. */
export const sessionCookieLine = (headers: Headers) => headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`)) ?? null;

/** The session token a response hands out in its Set-Cookie header (the body never carries it). */
export const sessionTokenOf = (headers: Headers) => setCookiesOf(headers).get(SESSION_COOKIE) ?? null;

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A thin HTTP client over fetch: JSON in, parsed JSON (or text) out, never throws on a status. */
export const createClient = (baseUrl: string, { browser = false }: ClientOptions = {}) => {
  const jar = new Map<string, string>();
  const request = async <T = unknown>(method: string, urlPath: string, options: RequestOptions = {}): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (browser && UNSAFE.has(method)) headers.Origin = baseUrl;
    if (browser && jar.size > 0) headers.Cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    Object.assign(headers, options.headers);
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${baseUrl}${urlPath}`, { method, headers, body, redirect: 'manual' });
    if (browser) {
      for (const [name, value] of setCookiesOf(response.headers)) {
        if (value === null) jar.delete(name);
        else jar.set(name, value);
      }
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (a page or a file): the text is the body.
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  };
  return {
    request,
    get: <T = unknown>(urlPath: string, options?: RequestOptions) => request<T>('GET', urlPath, options),
    post: <T = unknown>(urlPath: string, body?: unknown, options?: RequestOptions) => request<T>('POST', urlPath, { ...options, body }),
    put: <T = unknown>(urlPath: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', urlPath, { ...options, body }),
    del: <T = unknown>(urlPath: string, options?: RequestOptions) => request<T>('DELETE', urlPath, options),
    /** The browser's cookie jar (empty unless `browser`). */
    cookies: jar,
  };
};

export type TestClient = ReturnType<typeof createClient>;

export const api = (path: string) => `/api${path}`;

/**
 * Signs in through the portal's login (accounts without a second factor) and returns the session
 * token from the Set-Cookie header, for bearer use; a browser client also keeps the cookie.
 */
export const signIn = async (client: TestClient, email: string, password: string, userType: LoginUserType = 'agent'): Promise<string> => {
  const response = await client.post<LoginResult>(api(AUTH_PATHS.login), { email, password, userType });
  const token = sessionTokenOf(response.headers);
  if (response.status !== 200 || response.body?.status !== 'signed-in' || !token) {
    throw new Error(`Sign-in of ${email} failed with ${response.status}: ${response.text.slice(0, 200)}`);
  }
  return token;
};

export const DEMO = {
  admin: { email: 'admin@demo.test', password: 'Admin-Demo-2026!' },
  dubai: { email: 'dubai.agent@demo.test', password: 'Agent-Demo-2026!' },
  doha: { email: 'doha.agent@demo.test', password: 'Agent-Demo-2026!' },
  super: { email: 'super.agent@demo.test', password: 'Agent-Demo-2026!' },
  cms: { email: 'cms@demo.test', password: 'Cms-Demo-2026!' },
} as const;
